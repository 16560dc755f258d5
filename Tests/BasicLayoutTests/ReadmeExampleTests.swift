import BasicLayout
import Foundation
import Testing

/// README.md's BasicLayout example, line for line: if this breaks, so does the README.
@Suite struct LayoutReadmeExampleTests {
    @Test("the README's BasicLayout example works as written")
    func readme() throws {
        let grid = try GridLayout(columns: 4).layout(count: 10, width: 375)
        #expect(grid.frames[5] == CGRect(x: 93.75, y: 93.75, width: 93.75, height: 93.75))
        #expect(grid.containerSize.height == 281.25)
        let svg = SVGDocument.grid(grid).render()
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
    }
}
