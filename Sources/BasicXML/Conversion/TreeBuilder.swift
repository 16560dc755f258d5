import BasicCore
import CLibXML2

/// Builds a ``JSONValue`` from SAX events by XMLDictionary's rules (see ``XMLConverter``).
///
/// Open elements sit on a stack of ``Frame``s. Children are grouped by name in the frame as
/// they come, so that a repeated name grows one array instead of copying it per element, and
/// each element becomes its final value once, when it closes.
final class TreeBuilder {
    /// An open element.
    struct Frame {
        /// The element's key: its name, with or without its prefix.
        var name: String
        /// Attributes first, then children grouped by name in order of first appearance.
        var members: [(key: String, values: [JSONValue])] = []
        /// How many of `members` are attributes.
        var attributeCount = 0
        /// The element's own text, all pieces joined.
        var text: [UInt8] = []
        /// The element's comments, when kept.
        var comments: [String] = []
    }

    let configuration: XMLConverter.Configuration
    /// The main parser context, while a parse runs; entity content arrives through others.
    var mainContext: xmlParserCtxtPtr?
    /// The first error libxml2 or this builder reported.
    private(set) var error: XMLError?
    /// The finished root, once it has closed.
    private(set) var root: JSONValue?

    private var stack: [Frame] = []
    /// Names by their address in the parser's dictionary, which interns every name for the
    /// length of a parse: one `String` per distinct name instead of one per element.
    private var names: [UnsafeRawPointer: String] = [:]
    private var prefixedNames: [PrefixedName: String] = [:]
    /// Bytes of text that entity references produced, and the most allowed.
    private var expandedBytes = 0
    private let expansionLimit: Int

    private struct PrefixedName: Hashable {
        var prefix: UnsafeRawPointer
        var localName: UnsafeRawPointer
    }

    /// A builder for one parse of `inputSize` bytes.
    init(configuration: XMLConverter.Configuration, inputSize: Int) {
        self.configuration = configuration
        // Entities may legitimately expand a document, but not past 16 MiB plus 8 times its size:
        // far above any real feed, far below what an entity bomb would take.
        expansionLimit = 16 << 20 + 8 * inputSize
        stack.reserveCapacity(32)
    }

    // MARK: Events

    func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, context: UnsafeMutableRawPointer?
    ) {
        var frame = Frame(name: name(localName, prefix: prefix))
        if attributeCount > 0, let attributes {
            frame.members.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                let base = index * 5
                guard let attributeName = attributes[base], let start = attributes[base + 3],
                    let end = attributes[base + 4]
                else { continue }
                let key = configuration.attributePrefix + name(attributeName, prefix: attributes[base + 1])
                let value = attributeValue(start: start, end: end, context: context)
                frame.members.append((key, [.string(value)]))
            }
            frame.attributeCount = frame.members.count
        }
        stack.append(frame)
    }

    func endElement() {
        guard let frame = stack.popLast() else { return }
        let text = finishedText(frame.text)
        if stack.isEmpty {
            root = .object(object(of: frame, text: text, isRoot: true))
            return
        }
        let value: JSONValue
        if frame.members.isEmpty && frame.comments.isEmpty {
            if let text {
                value = .string(text)
            } else {
                switch configuration.emptyElements {
                case .null: value = .null
                case .emptyString: value = .string("")
                case .omit: return
                }
            }
        } else {
            value = .object(object(of: frame, text: text, isRoot: false))
        }
        add(value, forKey: frame.name, to: &stack[stack.count - 1])
    }

    func characters(_ bytes: UnsafeBufferPointer<xmlChar>, context: UnsafeMutableRawPointer?) {
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
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text.append(contentsOf: bytes)
    }

    func comment(_ text: UnsafePointer<xmlChar>) {
        guard configuration.keepsComments, !stack.isEmpty else { return }
        let string = String(cString: text)
        let kept = configuration.keepsWhitespace ? string : trimmed(Array(string.utf8))
        if let kept { stack[stack.count - 1].comments.append(kept) }
    }

    /// Keeps the first error of level error or worse; warnings are not failures.
    func record(_ libxmlError: xmlError) {
        guard error == nil, libxmlError.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // Namespace errors (an undeclared prefix) leave the document well-formed XML 1.0:
        // XMLDictionary's parser never checked them either.
        guard libxmlError.domain != Int32(XML_FROM_NAMESPACE.rawValue) else { return }
        var message = libxmlError.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let code = libxmlError.code
        let kind: XMLError.Kind
        switch code {
        case Int32(XML_ERR_ENTITY_LOOP.rawValue):
            kind = .entityExpansion
        case Int32(XML_ERR_INTERNAL_ERROR.rawValue) where message.contains("Excessive depth"):
            kind = .tooDeep
            message = "elements nest deeper than libxml2's limit of 256 levels"
        case Int32(XML_ERR_DOCUMENT_END.rawValue), Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            kind = .malformed
        default:
            kind = message.contains("Premature end") || isInputExhausted ? .truncated : .malformed
        }
        error = XMLError(
            kind: kind, line: Int(libxmlError.line), column: Int(libxmlError.int2), code: code, message: message)
    }

    /// Whether the main parser has read all of its input: an error there means the input ended early.
    private var isInputExhausted: Bool {
        guard let input = mainContext?.pointee.input, let cur = input.pointee.cur, let end = input.pointee.end else {
            return false
        }
        return cur >= end
    }

    // MARK: Building values

    private func object(of frame: Frame, text: String?, isRoot: Bool) -> JSONObject {
        var object = JSONObject(minimumCapacity: frame.members.count + 3)
        if isRoot {
            object.updateValue(.string(frame.name), forKey: configuration.nameKey)
        }
        for (position, member) in frame.members.enumerated() {
            let value: JSONValue =
                member.values.count == 1 && (position < frame.attributeCount || !configuration.alwaysUsesArrays)
                ? member.values[0] : .array(member.values)
            object.updateValue(value, forKey: member.key)
        }
        if let text {
            object.updateValue(.string(text), forKey: configuration.textKey)
        }
        if !frame.comments.isEmpty {
            let value: JSONValue =
                frame.comments.count == 1 && !configuration.alwaysUsesArrays
                ? .string(frame.comments[0]) : .array(frame.comments.map(JSONValue.string))
            object.updateValue(value, forKey: configuration.commentKey)
        }
        return object
    }

    private func add(_ value: JSONValue, forKey key: String, to frame: inout Frame) {
        // A repeated name usually follows itself (entry, entry, …): look at the last group first.
        var position = frame.members.count - 1
        while position >= frame.attributeCount {
            if frame.members[position].key == key {
                frame.members[position].values.append(value)
                return
            }
            position -= 1
        }
        frame.members.append((key, [value]))
    }

    private func finishedText(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return nil }
        if configuration.keepsWhitespace {
            return String(decoding: bytes, as: UTF8.self)
        }
        return trimmed(bytes)
    }

    /// `bytes` without leading and trailing XML white space, or nil when nothing else is left.
    private func trimmed(_ bytes: [UInt8]) -> String? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    private func name(_ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> String {
        guard configuration.keepsNamespacePrefixes, let prefix else {
            if let known = names[UnsafeRawPointer(localName)] { return known }
            let string = String(cString: localName)
            names[UnsafeRawPointer(localName)] = string
            return string
        }
        let key = PrefixedName(prefix: UnsafeRawPointer(prefix), localName: UnsafeRawPointer(localName))
        if let known = prefixedNames[key] { return known }
        let string = String(cString: prefix) + ":" + String(cString: localName)
        prefixedNames[key] = string
        return string
    }

    /// An attribute's value. Without entity substitution, libxml2 hands over `&` as `&#38;` and
    /// references to declared entities as written; libxml2's own decoder (with its limits)
    /// resolves both, as its SAX2 tree builder does.
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

    private func fail(_ failure: XMLError, context: UnsafeMutableRawPointer?) {
        if error == nil { error = failure }
        if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
        if let mainContext { xmlStopParser(mainContext) }
    }
}
