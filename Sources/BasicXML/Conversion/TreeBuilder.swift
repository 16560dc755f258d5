import BasicCore
import CLibXML2

/// Builds a ``JSONValue`` from SAX events by XMLDictionary's rules (see ``XMLConverter``).
///
/// A struct that the parser reaches through a pointer, so that the callbacks pay neither
/// reference counting nor exclusivity checks. Open elements sit on a stack of ``Frame``s; their
/// text and their finished children sit on two shared stacks (each element's piece is on top
/// while it is open), so that an element costs no allocation until it becomes its value, once,
/// when it closes.
struct TreeBuilder {
    /// An open element.
    struct Frame {
        /// The element's key: its name, with or without its prefix.
        var name: String
        /// A number for the name, the same for every element of that name in this parse.
        var nameID: Int
        /// Where its text starts in `text`.
        var textStart: Int
        /// Where its attributes and children start in `children`.
        var childStart: Int
        /// How many of its children are attributes (they come first).
        var attributeCount = 0
        /// Its comments, when kept.
        var comments: [String] = []
    }

    let configuration: XMLConverter.Configuration
    /// The main parser context, while a parse runs; entity content arrives through others.
    var mainContext: xmlParserCtxtPtr?
    /// The first error libxml2 or this builder reported.
    private(set) var error: XMLError?
    /// The finished root, once it has closed.
    private(set) var root: JSONValue?

    private var frames: [Frame] = []
    /// The text of the open elements, innermost last.
    private var text: [UInt8] = []
    /// The attributes and finished children of the open elements, innermost last.
    /// Slots past `childCount` are spent and get overwritten, so that popping costs nothing.
    private var children: [(key: String, nameID: Int, value: JSONValue)] = []
    private var childCount = 0
    /// Scratch space for grouping an element's children by name: the names' numbers and counts.
    private var groupIDs: [Int] = []
    private var groupCounts: [Int] = []
    /// Names by their address in the parser's dictionary, which interns every name for the
    /// length of a parse: one `String` per distinct name instead of one per element, and a
    /// number per name, so that grouping compares integers. A small direct-mapped cache sits
    /// in front of the dictionary.
    private var names: [PrefixedName: (name: String, id: Int)] = [:]
    private var recentNames: [(key: PrefixedName, name: String, id: Int)?] = Array(repeating: nil, count: 1024)
    /// Bytes of text that entity references produced, and the most allowed.
    private var expandedBytes = 0
    private let expansionLimit: Int

    private struct PrefixedName: Hashable {
        var prefix: UnsafeRawPointer?
        var localName: UnsafeRawPointer
    }

    /// A builder for one parse of `inputSize` bytes.
    init(configuration: XMLConverter.Configuration, inputSize: Int) {
        self.configuration = configuration
        // Entities may legitimately expand a document, but not past 16 MiB plus 8 times its size:
        // far above any real feed, far below what an entity bomb would take.
        expansionLimit = 16 << 20 + 8 * inputSize
        frames.reserveCapacity(64)
        text.reserveCapacity(4096)
        children.reserveCapacity(256)
    }

    // MARK: Events

    mutating func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, context: UnsafeMutableRawPointer?
    ) {
        let (elementName, nameID) = name(localName, prefix: prefix)
        var frame = Frame(name: elementName, nameID: nameID, textStart: text.count, childStart: childCount)
        if attributeCount > 0, let attributes {
            for index in 0..<attributeCount {
                let base = index * 5
                guard let attributeName = attributes[base], let start = attributes[base + 3],
                    let end = attributes[base + 4]
                else { continue }
                let key = configuration.attributePrefix + name(attributeName, prefix: attributes[base + 1]).name
                let value = attributeValue(start: start, end: end, context: context)
                pushChild((key, -1, .string(value)))
                frame.attributeCount += 1
            }
        }
        frames.append(frame)
    }

    mutating func endElement() {
        guard let frame = frames.popLast() else { return }
        let elementText = finishedText(from: frame.textStart)
        text.removeLast(text.count - frame.textStart)
        if frames.isEmpty {
            root = .object(object(of: frame, text: elementText, isRoot: true))
            childCount = frame.childStart
            return
        }
        let value: JSONValue
        if childCount == frame.childStart && frame.comments.isEmpty {
            if let elementText {
                value = .string(elementText)
            } else {
                switch configuration.emptyElements {
                case .null: value = .null
                case .emptyString: value = .string("")
                case .omit: return
                }
            }
        } else {
            value = .object(object(of: frame, text: elementText, isRoot: false))
            childCount = frame.childStart
        }
        pushChild((frame.name, frame.nameID, value))
    }

    private mutating func pushChild(_ child: (key: String, nameID: Int, value: JSONValue)) {
        if childCount < children.count {
            children[childCount] = child
        } else {
            children.append(child)
        }
        childCount += 1
    }

    /// Moves a child's value out of its slot, which is spent anyway: no copy, no retain.
    private mutating func takeValue(at index: Int) -> JSONValue {
        var value = JSONValue.null
        swap(&value, &children[index].value)
        return value
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
        text.append(contentsOf: bytes)
    }

    mutating func comment(_ comment: UnsafePointer<xmlChar>) {
        guard configuration.keepsComments, !frames.isEmpty else { return }
        let string = String(cString: comment)
        let kept = configuration.keepsWhitespace ? string : Self.trimmed(Array(string.utf8)[...])
        if let kept { frames[frames.count - 1].comments.append(kept) }
    }

    /// Keeps the first error of level error or worse; warnings are not failures.
    mutating func record(_ libxmlError: xmlError) {
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

    /// The object an element becomes: name (for the root), attributes, children grouped by
    /// name in order of first appearance, text, comments.
    private mutating func object(of frame: Frame, text elementText: String?, isRoot: Bool) -> JSONObject {
        let elements = frame.childStart + frame.attributeCount..<childCount
        var object = JSONObject(minimumCapacity: childCount - frame.childStart + 3)
        if isRoot {
            object.updateValue(.string(frame.name), forKey: configuration.nameKey)
        }
        for index in frame.childStart..<elements.lowerBound {
            object.updateValue(takeValue(at: index), forKey: children[index].key)
        }
        if countGroups(elements) {
            for index in elements {
                let value = takeValue(at: index)
                object.updateValue(
                    configuration.alwaysUsesArrays ? .array([value]) : value, forKey: children[index].key)
            }
        } else {
            addGroups(elements, to: &object)
        }
        if let elementText {
            object.updateValue(.string(elementText), forKey: configuration.textKey)
        }
        if !frame.comments.isEmpty {
            let value: JSONValue =
                frame.comments.count == 1 && !configuration.alwaysUsesArrays
                ? .string(frame.comments[0]) : .array(frame.comments.map(JSONValue.string))
            object.updateValue(value, forKey: configuration.commentKey)
        }
        return object
    }

    /// Counts the children of `range` by name into `groupIDs` and `groupCounts`; true when
    /// every name occurs once.
    private mutating func countGroups(_ range: Range<Int>) -> Bool {
        groupIDs.removeAll(keepingCapacity: true)
        groupCounts.removeAll(keepingCapacity: true)
        var isUnique = true
        var positions: [Int: Int] = [:]
        for index in range {
            let id = children[index].nameID
            // A short list is searched; a long one (a hostile document's thousands of distinct
            // names) gets a hash index, so that grouping never turns quadratic.
            let position: Int?
            if groupIDs.count <= 16 {
                position = groupIDs.lastIndex(of: id)
            } else {
                if positions.isEmpty {
                    for (offset, known) in groupIDs.enumerated() { positions[known] = offset }
                }
                position = positions[id]
            }
            if let position {
                groupCounts[position] += 1
                isUnique = false
            } else {
                if !positions.isEmpty { positions[id] = groupIDs.count }
                groupIDs.append(id)
                groupCounts.append(1)
            }
        }
        return isUnique
    }

    /// Adds the children of `range` to `object`, a name that repeats as one array; needs
    /// `countGroups(range)` first.
    private mutating func addGroups(_ range: Range<Int>, to object: inout JSONObject) {
        var arrays: [[JSONValue]] = groupCounts.map { count in
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            return array
        }
        var keys = [String](repeating: "", count: groupIDs.count)
        var positions: [Int: Int] = [:]
        if groupIDs.count > 16 {
            for (offset, id) in groupIDs.enumerated() { positions[id] = offset }
        }
        for index in range {
            let id = children[index].nameID
            guard let position = groupIDs.count > 16 ? positions[id] : groupIDs.firstIndex(of: id) else { continue }
            if arrays[position].isEmpty { keys[position] = children[index].key }
            arrays[position].append(takeValue(at: index))
        }
        for (position, key) in keys.enumerated() {
            let values = arrays[position]
            object.updateValue(
                values.count == 1 && !configuration.alwaysUsesArrays ? values[0] : .array(values), forKey: key)
        }
    }

    /// The text from `start` on in `text`, trimmed unless white space is kept; nil when empty.
    private func finishedText(from start: Int) -> String? {
        guard start < text.count else { return nil }
        if configuration.keepsWhitespace {
            return String(decoding: text[start...], as: UTF8.self)
        }
        return Self.trimmed(text[start...])
    }

    /// `bytes` without leading and trailing XML white space, or nil when nothing else is left.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The key for a name, and its number.
    private mutating func name(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?
    ) -> (name: String, id: Int) {
        let key = PrefixedName(
            prefix: configuration.keepsNamespacePrefixes ? prefix.map(UnsafeRawPointer.init) : nil,
            localName: UnsafeRawPointer(localName))
        // Fibonacci hashing of the two addresses picks one of the cache's 1,024 slots.
        let mixed = (UInt(bitPattern: key.localName) &+ UInt(bitPattern: key.prefix) &* 31) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 54)
        if let recent = recentNames[slot], recent.key == key { return (recent.name, recent.id) }
        let found: (name: String, id: Int)
        if let known = names[key] {
            found = known
        } else {
            var string = String(cString: localName)
            if let prefix = key.prefix {
                string = String(cString: prefix.assumingMemoryBound(to: CChar.self)) + ":" + string
            }
            found = (string, names.count)
            names[key] = found
        }
        recentNames[slot] = (key, found.name, found.id)
        return found
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

    private mutating func fail(_ failure: XMLError, context: UnsafeMutableRawPointer?) {
        if error == nil { error = failure }
        if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
        if let mainContext { xmlStopParser(mainContext) }
    }
}
