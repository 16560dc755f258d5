import CLibXML2
import Foundation

/// The floor of `bsl-bench xml`: a libxml2 SAX2 pass over the document, with the same
/// options and handler setup as BasicXML's parser, whose callbacks build nothing.
enum XMLFloor {
    /// Parses `data` and returns how many elements it saw.
    static func count(_ data: Data) throws -> Int {
        final class Counter { var elements = 0 }
        let counter = Counter()
        var handler = xmlSAXHandler()
        CLibXML2_initSAX2Handler(&handler)
        handler.startElementNs = { context, _, _, _, _, _, _, _, _ in
            guard let pointer = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
            Unmanaged<Counter>.fromOpaque(pointer).takeUnretainedValue().elements += 1
        }
        handler.endElementNs = { _, _, _, _ in }
        handler.characters = { _, _, _ in }
        handler.cdataBlock = { _, _, _ in }
        handler.comment = nil
        handler.processingInstruction = nil
        handler.reference = nil
        handler.serror = { _, _ in }
        let created = data.withUnsafeBytes { buffer in
            buffer.baseAddress.flatMap {
                xmlCreateMemoryParserCtxt($0.assumingMemoryBound(to: CChar.self), Int32(buffer.count))
            }
        }
        guard let context = created else { throw BenchError("libxml2 could not start a parser") }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
        CLibXML2_setSAXHandler(context, &handler)
        guard xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)) == 0
        else { throw BenchError("libxml2 refused the options") }
        context.pointee._private = Unmanaged.passUnretained(counter).toOpaque()
        let status = xmlParseDocument(context)
        context.pointee._private = nil
        guard status == 0, context.pointee.wellFormed != 0 else { throw BenchError("the floor pass failed") }
        return counter.elements
    }
}
