import BasicCore
import Testing

@Suite struct KeyPathParsingTests {
    typealias C = JSONKeyPath.Component

    @Test(
        "parses every path form and prints it back canonically",
        arguments: [
            ("", [C](), ""),
            ("data", [.key("data")], "data"),
            ("data.list[0]", [.key("data"), .key("list"), .index(0)], "data.list[0]"),
            ("a.b[2][1].c", [.key("a"), .key("b"), .index(2), .index(1), .key("c")], "a.b[2][1].c"),
            (#"["key.with.dots"]"#, [.key("key.with.dots")], #"["key.with.dots"]"#),
            ("['single.quoted']", [.key("single.quoted")], #"["single.quoted"]"#),
            (#"a["b"].c"#, [.key("a"), .key("b"), .key("c")], "a.b.c"),
            ("list[-1]", [.key("list"), .index(-1)], "list[-1]"),
            ("[0]", [.index(0)], "[0]"),
            ("[0][-2].x", [.index(0), .index(-2), .key("x")], "[0][-2].x"),
            ("a[007]", [.key("a"), .index(7)], "a[7]"),
            ("a.0", [.key("a"), .key("0")], "a.0"),
            (#"["say \"hi\""]"#, [.key(#"say "hi""#)], #"["say \"hi\""]"#),
            (#"["back\\slash"]"#, [.key(#"back\slash"#)], #"back\slash"#),
            (#"["it's"]"#, [.key("it's")], #"["it's"]"#),
            (#"['it\'s']"#, [.key("it's")], #"["it's"]"#),
            (#"["a[0]"]"#, [.key("a[0]")], #"["a[0]"]"#),
            (#"[""]"#, [.key("")], #"[""]"#),
            ("中文.キー", [.key("中文"), .key("キー")], "中文.キー"),
            ("with space.x", [.key("with space"), .key("x")], "with space.x"),
            ("$ref.@id", [.key("$ref"), .key("@id")], "$ref.@id"),
        ])
    func parses(text: String, components: [C], canonical: String) throws {
        let path = try JSONKeyPath(text)
        #expect(path.components == components)
        #expect(path.description == canonical)
        #expect(try JSONKeyPath(path.description) == path)
    }

    @Test(
        "a malformed path is an error that quotes it and points at the column",
        arguments: [
            ("a..b", 3, "expected a key after '.'"),
            (".a", 1, "expected a key"),
            ("a.", 3, "expected a key after '.'"),
            ("a[", 3, "expected an index or a quoted key"),
            ("a[x]", 3, "found 'x'"),
            ("[0", 3, "expected ']'"),
            ("a[0", 4, "expected ']'"),
            (#"["abc"#, 2, "not closed"),
            (#"['abc"]"#, 2, "not closed"),
            ("a[]", 3, "empty brackets"),
            ("a]", 2, "unexpected ']'"),
            (#"a"b"#, 2, "quote"),
            ("a[0]b", 5, "expected '.' or '['"),
            ("a[1.5]", 4, "expected ']'"),
            ("a[-]", 4, "digit after '-'"),
            ("a[--1]", 4, "digit after '-'"),
            ("a[ 0]", 3, "found ' '"),
            (#"a["x"y]"#, 6, "expected ']'"),
            ("a[99999999999999999999]", 3, "too large"),
            (#"["\n"]"#, 3, "unknown escape"),
            ("中文..x", 4, "expected a key after '.'"),
        ])
    func malformed(text: String, column: Int, reason: String) {
        do {
            let path = try JSONKeyPath(text)
            Issue.record("\(text) parsed as \(path.components)")
        } catch let KeyPathError.malformed(path, errorColumn, errorReason) {
            #expect(path == text)
            #expect(errorColumn == column, "\(errorReason)")
            #expect(errorReason.contains(reason), "\(errorReason)")
            let message = KeyPathError.malformed(path: path, column: errorColumn, reason: errorReason).description
            #expect(message.hasPrefix("malformed key path \"\(text)\" at column \(column): "))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("paths are hashable values that compare by their steps")
    func hashable() throws {
        let a = try JSONKeyPath("data.list[0]")
        let b = try JSONKeyPath(#"["data"]['list'][0]"#)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(a.appending(.key("title")).description == "data.list[0].title")
        #expect(a.prefix(2).description == "data.list")
        #expect(JSONKeyPath.root.components.isEmpty)
    }
}
