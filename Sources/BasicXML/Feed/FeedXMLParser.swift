import CLibXML2
import Foundation

/// Parses a feed document with libxml2's SAX2 interface into a ``FeedXMLElement`` tree that keeps
/// namespace URIs and mixed content.
///
/// The safety settings are ``SAXParser``'s: nothing is fetched (`XML_PARSE_NONET`), external
/// entities and DTDs are never loaded, libxml2 keeps its limits (nesting depth 256, text node
/// size, entity amplification), and text that entities produce is capped here as well.
///
/// The encoding is what the bytes say: a byte-order mark or the XML declaration's `encoding`, as
/// libxml2 reads them. Only when they say nothing and the bytes are not UTF-8 (XML's default) is
/// the `fallbackEncoding` (the charset of an HTTP `Content-Type`) used.
enum FeedXMLParser {
    /// Parses `data` and returns its root element.
    ///
    /// - Throws: ``XMLError`` for malformed, truncated or hostile input.
    static func parse(_ data: Data, fallbackEncoding: String? = nil) throws(XMLError) -> FeedXMLElement {
        _ = SAXParser.initialized
        guard data.count < Int(Int32.max) else {
            throw XMLError(
                kind: .tooLarge, line: 0, column: 0,
                message: "the input is \(data.count) bytes, more than libxml2 reads in one piece")
        }
        guard !data.isEmpty else {
            throw XMLError(kind: .malformed, line: 1, column: 1, message: "the document is empty")
        }
        let created: xmlParserCtxtPtr? = data.withUnsafeBytes { buffer in
            buffer.baseAddress.flatMap {
                xmlCreateMemoryParserCtxt($0.assumingMemoryBound(to: CChar.self), Int32(buffer.count))
            }
        }
        guard let context = created else {
            throw XMLError(kind: .malformed, line: 0, column: 0, message: "libxml2 could not start a parser")
        }
        defer {
            if let document = context.pointee.myDoc {
                xmlFreeDoc(document)
                context.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(context)
        }
        if let fallbackEncoding, !EncodingSniffer.declaresEncoding(data), !EncodingSniffer.isUTF8(data),
            let handler = xmlFindCharEncodingHandler(fallbackEncoding)
        {
            _ = xmlSwitchToEncoding(context, handler)
        }

        var handler = xmlSAXHandler()
        CLibXML2_initSAX2Handler(&handler)
        handler.startElementNs = FeedSAXCallbacks.startElement
        handler.endElementNs = FeedSAXCallbacks.endElement
        handler.characters = FeedSAXCallbacks.characters
        handler.ignorableWhitespace = FeedSAXCallbacks.characters
        handler.cdataBlock = FeedSAXCallbacks.characters
        handler.comment = nil
        handler.serror = FeedSAXCallbacks.structuredError
        handler.processingInstruction = nil
        handler.reference = nil
        CLibXML2_setSAXHandler(context, &handler)
        // Options are set after the handler: xmlCtxtUseOptions adjusts the handler in place.
        let unused = xmlCtxtUseOptions(context, SAXParser.options)
        guard unused == 0 else {
            throw XMLError(
                kind: .malformed, line: 0, column: 0, message: "libxml2 did not accept the options \(unused)")
        }

        var builder = FeedTreeBuilder(inputSize: data.count)
        builder.mainContext = context
        let status = withUnsafeMutablePointer(to: &builder) { pointer in
            context.pointee._private = UnsafeMutableRawPointer(pointer)
            defer { context.pointee._private = nil }
            return xmlParseDocument(context)
        }
        builder.mainContext = nil
        if let error = builder.error { throw error }
        if status != 0 || context.pointee.wellFormed == 0 {
            throw XMLError(
                kind: .malformed, line: Int(context.pointee.input?.pointee.line ?? 0),
                column: Int(context.pointee.input?.pointee.col ?? 0), code: context.pointee.errNo,
                message: "libxml2 stopped without saying why")
        }
        guard let root = builder.root else {
            throw XMLError(kind: .malformed, line: 0, column: 0, message: "the document has no root element")
        }
        return root
    }
}

/// What the bytes of a document say about their encoding.
enum EncodingSniffer {
    /// Whether `data` starts with a byte-order mark, is UTF-16 or UTF-32 by its first bytes, or
    /// has an XML declaration naming an encoding.
    static func declaresEncoding(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(256))
        let marks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x00, 0xFE, 0xFF]]
        if marks.contains(where: { head.starts(with: $0) }) { return true }
        // `<?` in UTF-16 or UTF-32, without a mark: libxml2 tells these apart by themselves.
        if head.starts(with: [0x3C, 0x00]) || head.starts(with: [0x00, 0x3C]) { return true }
        guard head.starts(with: Array("<?xml".utf8)) else { return false }
        let declaration = head.prefix { $0 != UInt8(ascii: ">") }
        return String(decoding: declaration, as: UTF8.self).contains("encoding")
    }

    /// Whether `data` is valid UTF-8.
    static func isUTF8(_ data: Data) -> Bool {
        String(validating: data, as: UTF8.self) != nil
    }
}

/// Builds the ``FeedXMLElement`` tree from SAX events; the parser reaches it through a pointer.
struct FeedTreeBuilder {
    /// An element that is open: its name and what it has collected so far.
    struct Frame {
        var element: FeedXMLElement
        /// Text since the last child element, as bytes until it becomes a node.
        var pendingText: [UInt8] = []
    }

    /// The main parser context while a parse runs; entity content arrives through others.
    var mainContext: xmlParserCtxtPtr?
    /// The first error libxml2 or this builder reported.
    private(set) var error: XMLError?
    /// The root, once it has closed.
    private(set) var root: FeedXMLElement?

    private var frames: [Frame] = []
    /// Names and namespace URIs by their address in the parser's dictionary, which keeps every
    /// one for the length of a parse: one `String` per distinct name.
    private var strings: [UnsafeRawPointer: String] = [:]
    /// Bytes of text that entity references produced, and the most allowed.
    private var expandedBytes = 0
    private let expansionLimit: Int

    init(inputSize: Int) {
        // As TreeBuilder: 16 MiB plus 8 times the input, far above any real feed and far below
        // what an entity bomb would take.
        expansionLimit = 16 << 20 + 8 * inputSize
        frames.reserveCapacity(32)
    }

    private mutating func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        let address = UnsafeRawPointer(pointer)
        if let known = strings[address] { return known }
        let string = String(cString: pointer)
        strings[address] = string
        return string
    }

    mutating func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        context: UnsafeMutableRawPointer?
    ) {
        flushText()
        var element = FeedXMLElement(
            namespace: string(uri), prefix: string(prefix), localName: string(localName) ?? "")
        if attributeCount > 0, let attributes {
            element.attributes.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                let base = index * 5
                guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4]
                else { continue }
                element.attributes.append(
                    FeedXMLAttribute(
                        namespace: string(attributes[base + 2]), prefix: string(attributes[base + 1]),
                        localName: string(name) ?? "", value: attributeValue(start: start, end: end, context: context)
                    ))
            }
        }
        frames.append(Frame(element: element))
    }

    mutating func endElement() {
        flushText()
        guard let frame = frames.popLast() else { return }
        if frames.isEmpty {
            root = frame.element
        } else {
            frames[frames.count - 1].element.children.append(.element(frame.element))
        }
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<xmlChar>, context: UnsafeMutableRawPointer?) {
        if context != UnsafeMutableRawPointer(mainContext) {
            expandedBytes += bytes.count
            if expandedBytes > expansionLimit {
                fail(
                    XMLError(
                        kind: .entityExpansion, line: 0, column: 0,
                        message: "entities expanded to more than \(expansionLimit) bytes of text"),
                    context: context)
                return
            }
        }
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].pendingText.append(contentsOf: bytes)
    }

    /// Turns the innermost element's pending text into a text node.
    private mutating func flushText() {
        guard let last = frames.indices.last, !frames[last].pendingText.isEmpty else { return }
        let text = String(decoding: frames[last].pendingText, as: UTF8.self)
        frames[last].pendingText.removeAll(keepingCapacity: true)
        frames[last].element.children.append(.text(text))
    }

    /// Keeps the first error of level error or worse, as ``TreeBuilder`` does.
    mutating func record(_ libxmlError: xmlError) {
        guard error == nil else { return }
        error = XMLError.from(libxml2: libxmlError, parser: mainContext)
    }

    /// An attribute's value, with `&#38;` and references to declared entities decoded by
    /// libxml2 (with its limits), as ``TreeBuilder`` does.
    private func attributeValue(
        start: UnsafePointer<xmlChar>, end: UnsafePointer<xmlChar>, context: UnsafeMutableRawPointer?
    ) -> String {
        let buffer = UnsafeBufferPointer(start: start, count: end - start)
        guard buffer.contains(UInt8(ascii: "&")),
            let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let copy = xmlStrndup(start, Int32(buffer.count))
        else {
            return String(decoding: buffer, as: UTF8.self)
        }
        defer { CLibXML2_free(copy) }
        guard let decoded = xmlStringDecodeEntities(parser, copy, Int32(XML_SUBSTITUTE_REF), 0, 0, 0) else {
            return String(decoding: buffer, as: UTF8.self)
        }
        defer { CLibXML2_free(decoded) }
        return String(cString: decoded)
    }

    private mutating func fail(_ failure: XMLError, context: UnsafeMutableRawPointer?) {
        if error == nil { error = failure }
        if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
        if let mainContext { xmlStopParser(mainContext) }
    }
}

/// The C callbacks, each finding its ``FeedTreeBuilder`` through the parser context's `_private`
/// (which libxml2 copies into the contexts that replay an entity's content). The pointer is
/// valid while `xmlParseDocument` runs, the only time libxml2 calls them.
enum FeedSAXCallbacks {
    @inline(__always)
    static func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<FeedTreeBuilder>? {
        context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private?.assumingMemoryBound(
            to: FeedTreeBuilder.self)
    }

    static let startElement: startElementNsSAX2Func = {
        context, localName, prefix, uri, _, _, attributeCount, _, attributes in
        guard let builder = builder(context), let localName else { return }
        builder.pointee.startElement(
            localName: localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount),
            attributes: attributes, context: context)
    }

    static let endElement: endElementNsSAX2Func = { context, _, _, _ in
        builder(context)?.pointee.endElement()
    }

    static let characters: charactersSAXFunc = { context, bytes, length in
        guard let builder = builder(context), let bytes, length > 0 else { return }
        builder.pointee.characters(UnsafeBufferPointer(start: bytes, count: Int(length)), context: context)
    }

    static let structuredError: xmlStructuredErrorFunc = { context, error in
        guard let builder = builder(context), let error else { return }
        builder.pointee.record(error.pointee)
    }
}
