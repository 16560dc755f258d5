import CLibXML2

extension XMLError {
    /// libxml2's error as one of ours, or nil for what is no failure: a warning, or a namespace
    /// error (an undeclared prefix leaves the document well-formed XML 1.0, and XMLDictionary's
    /// parser never checked them either). `parser` is the main parser context, whose position
    /// tells a truncated document from a malformed one.
    static func from(libxml2 libxmlError: xmlError, parser: xmlParserCtxtPtr?) -> XMLError? {
        guard libxmlError.level.rawValue >= XML_ERR_ERROR.rawValue,
            libxmlError.domain != Int32(XML_FROM_NAMESPACE.rawValue)
        else { return nil }
        var message = libxmlError.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let code = libxmlError.code
        let kind: Kind
        switch code {
        case Int32(XML_ERR_ENTITY_LOOP.rawValue):
            kind = .entityExpansion
        case Int32(XML_ERR_INTERNAL_ERROR.rawValue) where message.contains("Excessive depth"):
            kind = .tooDeep
            message = "elements nest deeper than libxml2's limit of 256 levels"
        case Int32(XML_ERR_DOCUMENT_END.rawValue), Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            kind = .malformed
        default:
            kind = message.contains("Premature end") || isInputExhausted(parser) ? .truncated : .malformed
        }
        return XMLError(
            kind: kind, line: Int(libxmlError.line), column: Int(libxmlError.int2), code: code, message: message)
    }

    /// Whether the parser has read all of its input: an error there means the input ended early.
    private static func isInputExhausted(_ parser: xmlParserCtxtPtr?) -> Bool {
        guard let input = parser?.pointee.input, let cur = input.pointee.cur, let end = input.pointee.end else {
            return false
        }
        return cur >= end
    }
}
