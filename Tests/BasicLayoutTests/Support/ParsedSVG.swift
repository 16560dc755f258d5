import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG document read back with Foundation's `XMLParser`: proof that it is well-formed, and its
/// elements in document order for checking numbers.
struct ParsedSVG {
    /// One element: its name, its attributes and the text directly inside it.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    /// Every element, the root first.
    let elements: [Element]

    /// The root element's name.
    var rootName: String? { elements.first?.name }

    /// The elements named `name`, in document order.
    func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    /// Parses `text`; fails the test (and throws) when the parser rejects it.
    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        let succeeded = parser.parse()
        try #require(
            succeeded, "XMLParser rejected the SVG: \(String(describing: parser.parserError))",
            sourceLocation: sourceLocation)
        elements = collector.elements
    }

    /// The parser delegate; used on one thread only, within `init`.
    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            open.removeLast()
        }
    }
}

/// The numbers of an SVG `matrix(a b c d e f)` attribute, or an empty array.
func matrixNumbers(_ attribute: String?) -> [CGFloat] {
    guard let attribute, attribute.hasPrefix("matrix("), attribute.hasSuffix(")") else { return [] }
    return attribute.dropFirst("matrix(".count).dropLast().split(separator: " ").compactMap {
        Double(String($0)).map { CGFloat($0) }
    }
}
