import CLibXML2
import Foundation

/// One libxml2 parse of an in-memory document through the SAX2 interface, feeding a
/// ``TreeBuilder``.
///
/// Safety settings, for input that is never trusted:
/// - `XML_PARSE_NONET`: nothing is fetched from the network.
/// - No `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDVALID`: external entities and
///   external DTDs are never loaded, so `<!ENTITY x SYSTEM "file:///etc/passwd">` reads nothing.
///   Internal entities still expand: libxml2 replays their content through the SAX callbacks.
/// - No `XML_PARSE_HUGE`: libxml2 keeps its limits on nesting depth (256), text node size and
///   entity amplification; ``TreeBuilder`` adds its own cap on text that entities produce.
/// - No `XML_PARSE_NODICT`: names come from the parser's dictionary, which ``TreeBuilder``'s
///   name cache relies on.
final class SAXParser {
    /// The parser context, freed in `deinit` with the document libxml2's SAX2 defaults keep.
    private let context: xmlParserCtxtPtr

    /// The options every parse uses.
    static let options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)

    /// Makes libxml2 ready for use from any thread, once per process.
    static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Creates a parser for `data`; libxml2 copies the bytes.
    ///
    /// - Throws: ``XMLError`` when the input is too large or libxml2 cannot allocate a context.
    init(data: Data) throws(XMLError) {
        _ = Self.initialized
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
        guard let created else {
            throw XMLError(kind: .malformed, line: 0, column: 0, message: "libxml2 could not start a parser")
        }
        context = created
    }

    deinit {
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        xmlFreeParserCtxt(context)
    }

    /// Parses the whole document into `builder`.
    ///
    /// - Throws: ``XMLError`` for malformed, truncated or hostile input.
    func parse(into builder: inout TreeBuilder) throws(XMLError) {
        var handler = xmlSAXHandler()
        CLibXML2_initSAX2Handler(&handler)
        handler.startElementNs = SAXCallbacks.startElement
        handler.endElementNs = SAXCallbacks.endElement
        handler.characters = SAXCallbacks.characters
        handler.ignorableWhitespace = SAXCallbacks.characters
        handler.cdataBlock = SAXCallbacks.characters
        handler.comment = SAXCallbacks.comment
        handler.serror = SAXCallbacks.structuredError
        handler.processingInstruction = nil
        handler.reference = nil
        CLibXML2_setSAXHandler(context, &handler)

        // Options are set after the handler: xmlCtxtUseOptions adjusts the handler in place.
        let unused = xmlCtxtUseOptions(context, Self.options)
        guard unused == 0 else {
            throw XMLError(
                kind: .malformed, line: 0, column: 0, message: "libxml2 did not accept the options \(unused)")
        }
        builder.mainContext = context
        let status = withUnsafeMutablePointer(to: &builder) { pointer in
            context.pointee._private = UnsafeMutableRawPointer(pointer)
            defer { context.pointee._private = nil }
            return xmlParseDocument(context)
        }
        builder.mainContext = nil

        if let error = builder.error {
            throw error
        }
        if status != 0 || context.pointee.wellFormed == 0 {
            throw XMLError(
                kind: .malformed, line: Int(context.pointee.input?.pointee.line ?? 0),
                column: Int(context.pointee.input?.pointee.col ?? 0), code: context.pointee.errNo,
                message: "libxml2 stopped without saying why")
        }
    }
}

/// The C callbacks: each finds its ``TreeBuilder`` through the parser context's `_private`,
/// which libxml2 also copies into the contexts it makes to replay an entity's content. The
/// pointer is valid while `xmlParseDocument` runs, the only time libxml2 calls them.
enum SAXCallbacks {
    @inline(__always)
    static func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<TreeBuilder>? {
        context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private?.assumingMemoryBound(
            to: TreeBuilder.self)
    }

    static let startElement: startElementNsSAX2Func = {
        context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
        guard let builder = builder(context), let localName else { return }
        builder.pointee.startElement(
            localName: localName, prefix: prefix, uri: uri, namespaceCount: Int(namespaceCount),
            namespaces: namespaces, attributeCount: Int(attributeCount), attributes: attributes, context: context)
    }

    static let endElement: endElementNsSAX2Func = { context, _, _, _ in
        builder(context)?.pointee.endElement()
    }

    static let characters: charactersSAXFunc = { context, bytes, length in
        guard let builder = builder(context), let bytes, length > 0 else { return }
        builder.pointee.characters(UnsafeBufferPointer(start: bytes, count: Int(length)), context: context)
    }

    static let comment: commentSAXFunc = { context, text in
        guard let builder = builder(context), let text else { return }
        builder.pointee.comment(text)
    }

    static let structuredError: xmlStructuredErrorFunc = { context, error in
        guard let builder = builder(context), let error else { return }
        builder.pointee.record(error.pointee)
    }
}
