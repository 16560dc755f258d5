import CLibXML2

/// Reads HTML with libxml2's HTML parser into an ``HTMLElement`` tree and frees libxml2's
/// document before returning.
///
/// Options: `HTML_PARSE_RECOVER` (never give up on markup), `HTML_PARSE_NOERROR` and
/// `HTML_PARSE_NOWARNING` (nothing printed to standard error), `HTML_PARSE_NONET` (nothing
/// fetched), and the encoding forced to UTF-8, which is what a Swift string holds.
/// Reads HTML with libxml2's HTML parser into an ``HTMLElement`` tree and frees libxml2's
/// document before returning.
///
/// The source first goes through ``HTMLInputFilter``. Options: `HTML_PARSE_RECOVER` (never give
/// up on markup), `HTML_PARSE_NOERROR` and `HTML_PARSE_NOWARNING` (nothing printed to standard
/// error), `HTML_PARSE_NONET` (nothing fetched), `XML_PARSE_HUGE` (no 10 MB limit on a text node
/// and no depth limit, at which libxml2 would stop and silently drop the rest of the document:
/// the tree's depth is kept by ``HTMLTreeShape`` instead), and the encoding forced to UTF-8, which is
/// what a Swift string holds.
enum HTMLTreeReader {
    /// The options every parse uses.
    static let options =
        Int32(HTML_PARSE_RECOVER.rawValue) | Int32(HTML_PARSE_NOERROR.rawValue)
        | Int32(HTML_PARSE_NOWARNING.rawValue) | Int32(HTML_PARSE_NONET.rawValue) | Int32(XML_PARSE_HUGE.rawValue)

    /// The `html` element of `text`, or, for a fragment, an `html` element holding the contents
    /// of `head` and `body` in order.
    static func read(_ text: String, fragment: Bool) throws(XMLError) -> HTMLElement {
        _ = SAXParser.initialized
        let parsed: Result<HTMLElement, XMLError>
        if let filtered = HTMLInputFilter.filtered(text) {
            parsed = filtered.withUnsafeBufferPointer { read($0, fragment: fragment) }
        } else {
            var text = text
            parsed = text.withUTF8 { read($0, fragment: fragment) }
        }
        return try parsed.get()
    }

    /// The tree of the UTF-8 in `buffer`.
    private static func read(_ buffer: UnsafeBufferPointer<UInt8>, fragment: Bool) -> Result<HTMLElement, XMLError> {
        guard buffer.count < Int(Int32.max) else {
            return .failure(
                XMLError(
                    kind: .tooLarge, line: 0, column: 0,
                    message: "the HTML is \(buffer.count) bytes, more than libxml2 reads in one piece"))
        }
        guard let context = htmlNewParserCtxt() else {
            return .failure(
                XMLError(kind: .malformed, line: 0, column: 0, message: "libxml2 could not start an HTML parser"))
        }
        defer { htmlFreeParserCtxt(context) }
        context.pointee.sax.pointee.startElement = HTMLTreeShape.startElement
        context.pointee.sax.pointee.endElement = HTMLTreeShape.endElement
        var shape = HTMLTreeShape(fragment: fragment)
        let parsed: htmlDocPtr? = withUnsafeMutablePointer(to: &shape) { pointer in
            context.pointee._private = UnsafeMutableRawPointer(pointer)
            defer { context.pointee._private = nil }
            return buffer.withMemoryRebound(to: CChar.self) { characters in
                htmlCtxtReadMemory(context, characters.baseAddress, Int32(characters.count), nil, "UTF-8", options)
            }
        }
        guard let document = parsed else {
            return .failure(
                XMLError(kind: .malformed, line: 0, column: 0, message: "libxml2 could not start an HTML parser"))
        }
        defer { xmlFreeDoc(document) }

        guard fragment else {
            guard let root = xmlDocGetRootElement(document) else { return .success(HTMLElement(name: "html")) }
            let children = nodes(from: root.pointee.children, unwrapping: [])
            return .success(HTMLElement(name: name(of: root), attributes: attributes(of: root), children: children))
        }
        // A fragment's nodes are the contents of every `html`, `head` and `body` (libxml2 makes
        // another `html` for text after `</html>`), and anything beside them.
        let children = nodes(from: document.pointee.children, unwrapping: ["html", "head", "body"])
        return .success(HTMLElement(name: "html", children: children))
    }

    /// An element being built: what the walk has collected so far and where it goes on after.
    struct Frame {
        var name: String
        var attributes: [HTMLAttribute]
        var children: [HTMLNode] = []
        /// The sibling to visit once this element's children are done.
        var resume: xmlNodePtr?

        init(name: String, attributes: [HTMLAttribute], resume: xmlNodePtr?) {
            self.name = name
            self.attributes = attributes
            self.resume = resume
        }

        /// Appends `node`, joining it to the text before it when both are text.
        mutating func append(_ node: HTMLNode) {
            if case .text(let added) = node {
                guard !added.isEmpty else { return }
                if case .text(let previous) = children.last {
                    children[children.count - 1] = .text(previous + added)
                    return
                }
            }
            children.append(node)
        }
    }

    /// The nodes from `first` and its siblings down, built without recursion so that no input
    /// can exhaust the stack (``HTMLTreeShape`` keeps libxml2's tree at most ``HTMLNode/maximumDepth`` deep).
    /// Elements named in `unwrapping` are left out, their children kept in their place.
    static func nodes(from first: xmlNodePtr?, unwrapping: Set<String>) -> [HTMLNode] {
        var stack = [Frame(name: "", attributes: [], resume: nil)]
        var cursor = first
        while true {
            if let node = cursor {
                cursor = node.pointee.next
                switch node.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    stack[stack.count - 1].append(.text(content(of: node)))
                case XML_COMMENT_NODE:
                    stack[stack.count - 1].append(.comment(content(of: node)))
                case XML_ELEMENT_NODE:
                    stack.append(Frame(name: name(of: node), attributes: attributes(of: node), resume: cursor))
                    cursor = node.pointee.children
                default:
                    break  // Processing instructions, entity references and DTDs have no place in the tree.
                }
                continue
            }
            guard stack.count > 1 else { break }
            let frame = stack.removeLast()
            cursor = frame.resume
            if unwrapping.contains(frame.name) {
                for child in frame.children { stack[stack.count - 1].append(child) }
            } else {
                stack[stack.count - 1].append(
                    .element(HTMLElement(name: frame.name, attributes: frame.attributes, children: frame.children)))
            }
        }
        return stack[0].children
    }

    /// A node's name; invalid UTF-8 becomes U+FFFD rather than a trap.
    static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// A text or comment node's text.
    static func content(of node: xmlNodePtr) -> String {
        node.pointee.content.map { String(cString: $0) } ?? ""
    }

    /// An element's attributes in document order; a value is the text of the attribute's children.
    static func attributes(of node: xmlNodePtr) -> [HTMLAttribute] {
        var result: [HTMLAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            var value = ""
            var child = current.pointee.children
            while let part = child {
                value += content(of: part)
                child = part.pointee.next
            }
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            result.append(HTMLAttribute(name: name, value: value))
            attribute = current.pointee.next
        }
        return result
    }
}
