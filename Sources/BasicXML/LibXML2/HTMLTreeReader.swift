import CLibXML2

/// Reads HTML with libxml2's HTML parser into an ``HTMLElement`` tree and frees libxml2's
/// document before returning.
///
/// Options: `HTML_PARSE_RECOVER` (never give up on markup), `HTML_PARSE_NOERROR` and
/// `HTML_PARSE_NOWARNING` (nothing printed to standard error), `HTML_PARSE_NONET` (nothing
/// fetched), and the encoding forced to UTF-8, which is what a Swift string holds.
enum HTMLTreeReader {
    /// The options every parse uses.
    static let options =
        Int32(HTML_PARSE_RECOVER.rawValue) | Int32(HTML_PARSE_NOERROR.rawValue)
        | Int32(HTML_PARSE_NOWARNING.rawValue) | Int32(HTML_PARSE_NONET.rawValue)

    /// The `html` element of `text`, or, for a fragment, an `html` element holding the contents
    /// of `head` and `body` in order.
    static func read(_ text: String, fragment: Bool) throws(XMLError) -> HTMLElement {
        _ = SAXParser.initialized
        var text = text
        let byteCount = text.utf8.count
        guard byteCount < Int(Int32.max) else {
            throw XMLError(
                kind: .tooLarge, line: 0, column: 0,
                message: "the HTML is \(byteCount) bytes, more than libxml2 reads in one piece")
        }
        let parsed: htmlDocPtr? = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                htmlReadMemory(characters.baseAddress, Int32(characters.count), nil, "UTF-8", options)
            }
        }
        guard let document = parsed else {
            throw XMLError(kind: .malformed, line: 0, column: 0, message: "libxml2 could not start an HTML parser")
        }
        defer { xmlFreeDoc(document) }

        guard let root = xmlDocGetRootElement(document) else { return HTMLElement(name: "html") }
        // A fragment's nodes sit at depth 1 once `body` is gone, so `html` and `body` count as -1 and 0.
        let children = nodes(from: root.pointee.children, depth: fragment ? -1 : 1)
        guard fragment else {
            return HTMLElement(name: name(of: root), attributes: attributes(of: root), children: children)
        }
        // The fragment's nodes are the contents of `head` and `body`, and anything beside them.
        var builder = Frame(name: "html", attributes: [], resume: nil, isTransparent: false)
        for child in children {
            if case .element(let element) = child, element.name == "body" || element.name == "head" {
                for grandchild in element.children { builder.append(grandchild) }
            } else {
                builder.append(child)
            }
        }
        return HTMLElement(name: "html", children: builder.children)
    }

    /// An element being built: what the walk has collected so far and where it goes on after.
    struct Frame {
        var name: String
        var attributes: [HTMLAttribute]
        var children: [HTMLNode] = []
        /// The sibling to visit once this element's children are done.
        var resume: xmlNodePtr?
        /// True for an element below ``HTMLNode/maximumDepth``, whose children join its parent.
        var isTransparent: Bool

        init(name: String, attributes: [HTMLAttribute], resume: xmlNodePtr?, isTransparent: Bool) {
            self.name = name
            self.attributes = attributes
            self.resume = resume
            self.isTransparent = isTransparent
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
    /// can exhaust the stack; `depth` is how many elements enclose them.
    static func nodes(from first: xmlNodePtr?, depth startDepth: Int) -> [HTMLNode] {
        var stack = [Frame(name: "", attributes: [], resume: nil, isTransparent: true)]
        var depth = startDepth
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
                    let isTransparent = depth >= HTMLNode.maximumDepth
                    if !isTransparent { depth += 1 }
                    stack.append(
                        Frame(
                            name: name(of: node), attributes: isTransparent ? [] : attributes(of: node),
                            resume: cursor, isTransparent: isTransparent))
                    cursor = node.pointee.children
                default:
                    break  // Processing instructions, entity references and DTDs have no place in the tree.
                }
                continue
            }
            guard stack.count > 1 else { break }
            let frame = stack.removeLast()
            cursor = frame.resume
            if frame.isTransparent {
                for child in frame.children { stack[stack.count - 1].append(child) }
            } else if !frame.children.isEmpty && HTMLElement.voidElementNames.contains(frame.name) {
                // libxml2 puts what follows `embed`, `source`, `track`, `wbr`, `keygen` and `bgsound`
                // inside them; browsers, and so the tree, put it after.
                depth -= 1
                stack[stack.count - 1].append(.element(HTMLElement(name: frame.name, attributes: frame.attributes)))
                for child in frame.children { stack[stack.count - 1].append(child) }
            } else {
                depth -= 1
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
