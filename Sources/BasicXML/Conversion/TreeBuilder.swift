import BasicCore
import CLibXML2

/// Builds a ``JSONValue`` from SAX events by XMLDictionary's rules (see ``XMLConverter``).
///
/// A struct that the parser reaches through a pointer, so that the callbacks pay neither
/// reference counting nor exclusivity checks. Open elements sit on a stack of ``Frame``s; their
/// text, their finished children and their comments sit on shared stacks (each element's piece
/// is on top while it is open), so that an element costs no allocation until it becomes its
/// value, once, when it closes.
///
/// Every key (element name, attribute key, the configuration's keys) gets a number the first
/// time it occurs, so that the stacks hold integers instead of strings, children group by
/// comparing integers, and an object whose keys are all distinct, as nearly all are, is built by
/// appending without comparing keys.
struct TreeBuilder: ~Copyable {
    /// An open element: numbers only, so that pushing and popping one retains nothing.
    struct Frame {
        /// The number of the element's key: its name, with or without its prefix.
        var keyID: Int
        /// Where its text starts in `text`.
        var textStart: Int
        /// Where its attributes and children start in `children`.
        var childStart: Int
        /// How many of its children are attributes (they come first).
        var attributeCount = 0
        /// Where its comments start in `comments`.
        var commentStart: Int
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
    private var text = ByteStack(capacity: 4096)
    /// The attributes and finished children of the open elements, innermost last, each with
    /// its key's number. Slots past `childCount` are spent and get overwritten, so that popping
    /// costs nothing.
    private var children: [(keyID: Int, value: JSONValue)] = []
    private var childCount = 0
    /// The kept comments of the open elements, innermost last.
    private var comments: [String] = []

    /// The keys by number, and the numbers by key. Keys are told apart by their UTF-8 bytes, as
    /// XML names are (`<é>` and `<e\u{301}>` are two elements), not by `String ==`, which would
    /// fold canonically equivalent names into one key.
    private var keys: [String] = []
    private var keyIDs: [UTF8Key: Int] = [:]
    /// Key numbers by the name's address in the parser's dictionary, which interns every name
    /// for the length of a parse: one `String` per distinct name instead of one per element. A
    /// small direct-mapped cache sits in front of the dictionary.
    private var names: [NameAddress: Int] = [:]
    private var recentNames = [(address: NameAddress, keyID: Int)](
        repeating: (NameAddress(prefix: nil, localName: nil, isAttribute: false), -1), count: 1024)
    /// Per key number, the serial number of the last object that used the key, and of the last
    /// that grouped children by it, with the group's position there. `serial` counts objects.
    private var keyStamps: [Int] = []
    private var groupStamps: [Int] = []
    private var groupSlots: [Int] = []
    private var serial = 0
    /// Scratch space for grouping an element's children by key: the keys' numbers and counts.
    /// Only the first `groupCount` slots count; later ones are stale and get overwritten, so
    /// that starting over costs nothing.
    private var groupIDs: [Int] = []
    private var groupCounts: [Int] = []
    private var groupCount = 0
    /// The numbers of the configuration's keys.
    private var nameKeyID = 0
    private var textKeyID = 0
    private var commentKeyID = 0
    /// Bytes of text that entity references produced, and the most allowed.
    private var expandedBytes = 0
    private let expansionLimit: Int

    /// A name as libxml2 hands it over: addresses in the parser's dictionary.
    private struct NameAddress: Hashable {
        var prefix: UnsafeRawPointer?
        var localName: UnsafeRawPointer?
        var isAttribute: Bool
    }

    /// A builder for one parse of `inputSize` bytes.
    init(configuration: XMLConverter.Configuration, inputSize: Int) {
        self.configuration = configuration
        // Entities may legitimately expand a document, but not past 16 MiB plus 8 times its size:
        // far above any real feed, far below what an entity bomb would take.
        expansionLimit = 16 << 20 + 8 * inputSize
        frames.reserveCapacity(64)
        children.reserveCapacity(256)
        nameKeyID = keyID(for: configuration.nameKey)
        textKeyID = keyID(for: configuration.textKey)
        commentKeyID = keyID(for: configuration.commentKey)
    }

    // MARK: Events

    mutating func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, context: UnsafeMutableRawPointer?
    ) {
        var frame = Frame(
            keyID: keyID(localName, prefix: prefix, isAttribute: false), textStart: text.count,
            childStart: childCount, commentStart: comments.count)
        if attributeCount > 0, let attributes {
            for index in 0..<attributeCount {
                let base = index * 5
                guard let attributeName = attributes[base], let start = attributes[base + 3],
                    let end = attributes[base + 4]
                else { continue }
                let id = keyID(attributeName, prefix: attributes[base + 1], isAttribute: true)
                let value = attributeValue(start: start, end: end, context: context)
                pushChild(keyID: id, .string(value))
                frame.attributeCount += 1
            }
        }
        frames.append(frame)
    }

    mutating func endElement() {
        guard let frame = frames.popLast() else { return }
        let elementText = finishedText(from: frame.textStart)
        text.removeAll(from: frame.textStart)
        if frames.isEmpty {
            root = .object(object(of: frame, text: elementText, isRoot: true))
            childCount = frame.childStart
            return
        }
        let value: JSONValue
        if childCount == frame.childStart && comments.count == frame.commentStart {
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
        pushChild(keyID: frame.keyID, value)
    }

    private mutating func pushChild(keyID: Int, _ value: JSONValue) {
        if childCount < children.count {
            children[childCount] = (keyID, value)
        } else {
            children.append((keyID, value))
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
        text.append(bytes)
    }

    mutating func comment(_ comment: UnsafePointer<xmlChar>) {
        guard configuration.keepsComments, !frames.isEmpty else { return }
        let string = String(cString: comment)
        let kept = configuration.keepsWhitespace ? string : Array(string.utf8).withUnsafeBufferPointer(Self.trimmed)
        if let kept { comments.append(kept) }
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
    /// name in order of first appearance, text, comments. Takes the element's children and
    /// comments off their stacks.
    private mutating func object(of frame: Frame, text elementText: String?, isRoot: Bool) -> JSONObject {
        serial += 1
        let attributes = frame.childStart..<frame.childStart + frame.attributeCount
        let elements = attributes.upperBound..<childCount
        let isRepeated = countGroups(elements)
        // Keys collide only in odd documents (an element named `_x` beside an attribute `x`,
        // attributes that differ only in a dropped prefix, an element named `__text`); those
        // take the slow way, which keeps a key's first place and its last value.
        var isDistinct = true
        if isRoot { isDistinct = claim(nameKeyID) && isDistinct }
        for index in attributes { isDistinct = claim(children[index].keyID) && isDistinct }
        for slot in 0..<groupCount { isDistinct = claim(groupIDs[slot]) && isDistinct }
        if elementText != nil { isDistinct = claim(textKeyID) && isDistinct }
        let hasComments = comments.count > frame.commentStart
        if hasComments { isDistinct = claim(commentKeyID) && isDistinct }

        let keyCount =
            (isRoot ? 1 : 0) + frame.attributeCount + groupCount + (elementText == nil ? 0 : 1)
            + (hasComments ? 1 : 0)
        var object = JSONObject(minimumCapacity: keyCount)
        if isRoot {
            Self.insert(.string(keys[frame.keyID]), forKey: keys[nameKeyID], into: &object, isDistinct: isDistinct)
        }
        // Each value is taken into a local first: a call that reads `children` with a mutating
        // `takeValue` among its arguments would copy `children`.
        for index in attributes {
            let value = takeValue(at: index)
            Self.insert(value, forKey: keys[children[index].keyID], into: &object, isDistinct: isDistinct)
        }
        if isRepeated {
            addGroups(elements, to: &object, isDistinct: isDistinct)
        } else {
            for index in elements {
                let value = takeValue(at: index)
                Self.insert(
                    configuration.alwaysUsesArrays ? .array([value]) : value, forKey: keys[children[index].keyID],
                    into: &object, isDistinct: isDistinct)
            }
        }
        if let elementText {
            Self.insert(.string(elementText), forKey: keys[textKeyID], into: &object, isDistinct: isDistinct)
        }
        if hasComments {
            let kept = comments[frame.commentStart...]
            let value: JSONValue =
                kept.count == 1 && !configuration.alwaysUsesArrays
                ? .string(kept[kept.startIndex]) : .array(kept.map(JSONValue.string))
            Self.insert(value, forKey: keys[commentKeyID], into: &object, isDistinct: isDistinct)
            comments.removeLast(kept.count)
        }
        return object
    }

    /// Adds `value` under `key`: appended when the object's keys are known
    /// to be distinct, else through `updateValue`.
    private static func insert(_ value: JSONValue, forKey key: String, into object: inout JSONObject, isDistinct: Bool)
    {
        if isDistinct {
            object.appendUnchecked(value, forKey: key)
        } else {
            object.updateValue(value, forKey: key)
        }
    }

    /// Marks the key numbered `id` as used by the current object; false when it already was.
    private mutating func claim(_ id: Int) -> Bool {
        guard keyStamps[id] != serial else { return false }
        keyStamps[id] = serial
        return true
    }

    /// Groups the children of `range` by key for the current object into `groupCount`,
    /// `groupIDs`, `groupCounts` and `groupSlots`; true when some key occurs more than once.
    private mutating func countGroups(_ range: Range<Int>) -> Bool {
        groupCount = 0
        var isRepeated = false
        for index in range {
            let id = children[index].keyID
            if groupStamps[id] == serial {
                groupCounts[groupSlots[id]] += 1
                isRepeated = true
            } else {
                groupStamps[id] = serial
                groupSlots[id] = groupCount
                if groupCount < groupIDs.count {
                    groupIDs[groupCount] = id
                    groupCounts[groupCount] = 1
                } else {
                    groupIDs.append(id)
                    groupCounts.append(1)
                }
                groupCount += 1
            }
        }
        return isRepeated
    }

    /// Adds the children of `range` to `object`, a key that repeats as one array; needs
    /// `countGroups(range)` first.
    private mutating func addGroups(_ range: Range<Int>, to object: inout JSONObject, isDistinct: Bool) {
        var arrays: [[JSONValue]] = groupCounts[..<groupCount].map { count in
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            return array
        }
        for index in range {
            let value = takeValue(at: index)
            arrays[groupSlots[children[index].keyID]].append(value)
        }
        for (slot, id) in groupIDs[..<groupCount].enumerated() {
            var values: [JSONValue] = []
            swap(&values, &arrays[slot])
            let value: JSONValue = values.count == 1 && !configuration.alwaysUsesArrays ? values[0] : .array(values)
            Self.insert(value, forKey: keys[id], into: &object, isDistinct: isDistinct)
        }
    }

    /// The text from `start` on in `text`, trimmed unless white space is kept; nil when empty.
    private func finishedText(from start: Int) -> String? {
        guard start < text.count else { return nil }
        let keepsWhitespace = configuration.keepsWhitespace
        return text.withBytes(from: start) { bytes in
            keepsWhitespace ? String(decoding: bytes, as: UTF8.self) : Self.trimmed(bytes)
        }
    }

    /// `bytes` without leading and trailing XML white space, or nil when nothing else is left.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self)
    }

    /// The number of the key for a name: an element's name, or an attribute's key (with the
    /// attribute prefix), each with or without its namespace prefix.
    private mutating func keyID(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, isAttribute: Bool
    ) -> Int {
        let address = NameAddress(
            prefix: configuration.keepsNamespacePrefixes ? prefix.map(UnsafeRawPointer.init) : nil,
            localName: UnsafeRawPointer(localName), isAttribute: isAttribute)
        // Fibonacci hashing of the two addresses picks one of the cache's 1,024 slots.
        let mixed =
            (UInt(bitPattern: address.localName) &+ UInt(bitPattern: address.prefix) &* 31 &+ (isAttribute ? 1 : 0))
            &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 54)
        if recentNames[slot].address == address { return recentNames[slot].keyID }
        let id: Int
        if let known = names[address] {
            id = known
        } else {
            var string = String(cString: localName)
            if let prefix = address.prefix {
                string = String(cString: prefix.assumingMemoryBound(to: CChar.self)) + ":" + string
            }
            if isAttribute {
                string = configuration.attributePrefix + string
            }
            id = keyID(for: string)
            names[address] = id
        }
        recentNames[slot] = (address, id)
        return id
    }

    /// The number of `key`, given on first use.
    private mutating func keyID(for key: String) -> Int {
        if let id = keyIDs[UTF8Key(key)] { return id }
        let id = keys.count
        keys.append(key)
        keyIDs[UTF8Key(key)] = id
        keyStamps.append(0)
        groupStamps.append(0)
        groupSlots.append(0)
        return id
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
