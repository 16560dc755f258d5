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
        /// Where its attributes and children start in `childKeys` and `childValues`.
        var childStart: Int
        /// How many of its children are attributes (they come first).
        var attributeCount = 0
        /// Where its comments start in `comments`.
        var commentStart: Int
        /// Where its breaks between runs of text start in `runBreaks`.
        var breakStart: Int
        /// Where its keys that must be arrays start in `forcedArrays`.
        var forcedStart: Int
        /// A number of its own, for ``KeyInfo/keptIn``.
        var serial: Int
    }

    /// What the builder tracks per key number, side by side so that one load finds it.
    struct KeyInfo {
        /// The serial number of the last object that used the key (to tell distinct keys).
        var claimedBy = 0
        /// The serial number of the last object that grouped children by the key, and the
        /// group's position there.
        var groupedBy = 0
        var groupSlot = 0
        /// The serial of the last open element that got a child of this key kept.
        var keptIn = 0
    }

    let configuration: XMLConverter.Configuration
    /// The configuration's switches that every element reads, kept apart from its strings.
    private let nameStyle: XMLConverter.Configuration.NameStyle
    private let keepsWhitespace: Bool
    private let alwaysUsesArrays: Bool
    /// The main parser context, while a parse runs; entity content arrives through others.
    var mainContext: xmlParserCtxtPtr?
    /// The first error libxml2 or this builder reported.
    private(set) var error: XMLError?
    /// The finished root, once it has closed.
    private(set) var root: JSONValue?

    private var frames = UnsafeStack<Frame>(capacity: 64)
    /// The text of the open elements, innermost last.
    private var text = ByteStack(capacity: 4096)
    /// The attributes and finished children of the open elements, innermost last: their keys'
    /// numbers and their values, side by side. Building an element's value moves its
    /// children's values out.
    private var childKeys = UnsafeStack<Int>(capacity: 256)
    private var childValues = UnsafeStack<JSONValue>(capacity: 256)
    /// The kept comments of the open elements, innermost last.
    private var comments: [String] = []
    /// Where child elements interrupted the text of the open elements (offsets in `text`): an
    /// element's text is a run before each child and one after the last, as XMLDictionary keeps
    /// them. Innermost last. A break is recorded only when text came since the element's last
    /// one, as only then does it end a run.
    private var runBreaks = UnsafeStack<Int>(capacity: 64)
    /// Keys of the open elements' children that must be arrays although one value is left:
    /// XMLDictionary makes a repeated name an array when the second element starts, and when
    /// that element turns out empty and is left out, the array stays. Innermost last.
    private var forcedArrays = UnsafeStack<Int>(capacity: 8)
    private var frameSerial = 0

    /// The keys by number, and the numbers by key. Keys are told apart by their UTF-8 bytes, as
    /// XML names are (`<é>` and `<e\u{301}>` are two elements), not by `String ==`, which would
    /// fold canonically equivalent names into one key.
    private var keys = UnsafeStack<String>(capacity: 64)
    private var keyInfos = UnsafeStack<KeyInfo>(capacity: 64)
    private var keyIDs: [UTF8Key: Int] = [:]
    /// Key numbers by the name's address in the parser's dictionary, which interns every name
    /// for the length of a parse: one `String` per distinct name instead of one per element. A
    /// small direct-mapped cache sits in front of the dictionary.
    private var names: [NameAddress: Int] = [:]
    private var recentNames = UnsafeStack<(address: NameAddress, keyID: Int)>(capacity: Self.recentNameCount)
    private static let recentNameCount = 1024
    /// Counts objects, for ``KeyInfo``'s stamps.
    private var serial = 0
    /// Scratch space for grouping an element's children by key: the keys' numbers and counts,
    /// emptied for each object.
    private var groupIDs = UnsafeStack<Int>(capacity: 64)
    private var groupCounts = UnsafeStack<Int>(capacity: 64)
    /// The numbers of the configuration's keys.
    private var nameKeyID = 0
    private var textKeyID = 0
    private var commentKeyID = 0
    /// Bytes of text that entity references produced, and the most allowed.
    private var expandedBytes = 0
    private let expansionLimit: Int

    /// A name as libxml2 hands it over: addresses in the parser's dictionary, as integers (0
    /// for none), so that comparing two is three integer comparisons without a branch.
    struct NameAddress: Hashable {
        var prefix: UInt
        var localName: UInt
        var isAttribute: Bool

        @inline(__always)
        static func == (lhs: Self, rhs: Self) -> Bool {
            (lhs.prefix ^ rhs.prefix) | (lhs.localName ^ rhs.localName) | (lhs.isAttribute != rhs.isAttribute ? 1 : 0)
                == 0
        }
    }

    /// A builder for one parse of `inputSize` bytes.
    init(configuration: XMLConverter.Configuration, inputSize: Int) {
        self.configuration = configuration
        nameStyle = configuration.names
        keepsWhitespace = configuration.keepsWhitespace
        alwaysUsesArrays = configuration.alwaysUsesArrays
        // Entities may legitimately expand a document, but not past 16 MiB plus 8 times its size:
        // far above any real feed, far below what an entity bomb would take.
        expansionLimit = 16 << 20 + 8 * inputSize
        for _ in 0..<Self.recentNameCount {
            recentNames.push((NameAddress(prefix: 0, localName: 0, isAttribute: false), -1))
        }
        nameKeyID = keyID(for: configuration.nameKey)
        textKeyID = keyID(for: configuration.textKey)
        commentKeyID = keyID(for: configuration.commentKey)
    }

    // MARK: Events

    @inline(__always)
    mutating func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        namespaceCount: Int, namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, context: UnsafeMutableRawPointer?
    ) {
        // The parent's text so far is a run of its own (unless no text came since its last run).
        if !frames.isEmpty, text.count > frames.last.textStart {
            let parent = frames.last
            let runStart = runBreaks.count > parent.breakStart ? runBreaks.last : parent.textStart
            if text.count > runStart { runBreaks.push(text.count) }
        }
        frameSerial &+= 1
        var frame = Frame(
            keyID: keyID(localName, prefix: prefix, uri: uri, isAttribute: false), textStart: text.count,
            childStart: childKeys.count, commentStart: comments.count, breakStart: runBreaks.count,
            forcedStart: forcedArrays.count, serial: frameSerial)
        if namespaceCount > 0 || attributeCount > 0 {
            frame.attributeCount = pushAttributes(
                namespaceCount: namespaceCount, namespaces: namespaces, attributeCount: attributeCount,
                attributes: attributes, context: context)
        }
        frames.push(frame)
    }

    /// Pushes an element's namespace declarations and attributes as its first children, and
    /// returns how many it pushed. Apart, so that an element without attributes, the common
    /// one, stays small enough to inline.
    @inline(never)
    private mutating func pushAttributes(
        namespaceCount: Int, namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, context: UnsafeMutableRawPointer?
    ) -> Int {
        var pushed = 0
        // Namespace declarations are attributes to a parser that does not process namespaces.
        if namespaceCount > 0, nameStyle == .qualified, let namespaces {
            for index in 0..<namespaceCount {
                let declared = namespaces[2 * index].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
                let value = namespaces[2 * index + 1].map { String(cString: $0) } ?? ""
                pushChild(keyID: keyID(for: configuration.attributePrefix + declared), .string(value))
                pushed += 1
            }
        }
        if attributeCount > 0, let attributes {
            for index in 0..<attributeCount {
                let base = index * 5
                guard let attributeName = attributes[base], let start = attributes[base + 3],
                    let end = attributes[base + 4]
                else { continue }
                let id = keyID(
                    attributeName, prefix: attributes[base + 1], uri: attributes[base + 2], isAttribute: true)
                let value = attributeValue(start: start, end: end, context: context)
                pushChild(keyID: id, .string(value))
                pushed += 1
            }
        }
        return pushed
    }

    @inline(__always)
    mutating func endElement() {
        guard !frames.isEmpty else { return }
        let frame = frames.pop()
        if childKeys.count == frame.childStart && comments.count == frame.commentStart
            && runBreaks.count == frame.breakStart && !frames.isEmpty
        {
            // Text alone in one run (or none), the common element: its value is its text.
            endTextElement(frame)
        } else {
            endElement(frame)
        }
    }

    /// Ends an element with attributes, children, comments or breaks, or the root.
    @inline(never)
    private mutating func endElement(_ frame: Frame) {
        let runs = finishedRuns(of: frame)
        text.removeAll(from: frame.textStart)
        runBreaks.forget(from: frame.breakStart)
        if frames.isEmpty {
            root = .object(object(of: frame, text: runs.value, isRoot: true))
            forcedArrays.forget(from: frame.forcedStart)
            return
        }
        let value: JSONValue
        if childKeys.count == frame.childStart && comments.count == frame.commentStart {
            // Only text: the element is its text, runs joined by line feeds (runs remain when
            // the children between them were empty and left out), as XMLDictionary collapses it.
            if let collapsed = runs.collapsed {
                value = .string(collapsed)
            } else {
                guard let empty = emptyValue(frame) else { return }
                value = empty
            }
        } else {
            value = .object(object(of: frame, text: runs.value, isRoot: false))
            forcedArrays.forget(from: frame.forcedStart)
        }
        keepChild(keyID: frame.keyID, value)
    }

    /// Ends an element below the root with no attributes, children, comments or breaks.
    @inline(__always)
    private mutating func endTextElement(_ frame: Frame) {
        if text.count > frame.textStart {
            let run = text.withBytes(from: frame.textStart) { [keepsWhitespace] bytes in
                keepsWhitespace ? UTF8Text.string(bytes) : Self.trimmed(bytes)
            }
            text.removeAll(from: frame.textStart)
            if let run {
                keepChild(keyID: frame.keyID, .string(run))
                return
            }
        }
        guard let empty = emptyValue(frame) else { return }
        keepChild(keyID: frame.keyID, empty)
    }

    /// What an empty element below the root becomes, or nil when it is left out (and then a
    /// sibling of its name kept before it makes the name an array).
    private mutating func emptyValue(_ frame: Frame) -> JSONValue? {
        switch configuration.emptyElements {
        case .null: return .null
        case .emptyString: return .string("")
        case .omit:
            if keyInfos[frame.keyID].keptIn == frames.last.serial {
                forcedArrays.push(frame.keyID)
            }
            return nil
        }
    }

    /// Pushes a finished child of the innermost open element and notes its key as kept there.
    @inline(__always)
    private mutating func keepChild(keyID: Int, _ value: consuming JSONValue) {
        keyInfos[keyID].keptIn = frames.last.serial
        pushChild(keyID: keyID, value)
    }

    @inline(__always)
    private mutating func pushChild(keyID: Int, _ value: consuming JSONValue) {
        childKeys.push(keyID)
        childValues.push(value)
    }

    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<xmlChar>, context: UnsafeMutableRawPointer?) {
        if context != UnsafeMutableRawPointer(mainContext), !countExpanded(bytes.count, context: context) { return }
        guard !frames.isEmpty else { return }
        text.append(bytes)
    }

    /// Counts `count` bytes of text that an entity produced; false (and the parse stopped)
    /// past the limit. Apart, so that the common path stays small enough to inline.
    @inline(never)
    private mutating func countExpanded(_ count: Int, context: UnsafeMutableRawPointer?) -> Bool {
        expandedBytes += count
        guard expandedBytes > expansionLimit else { return true }
        fail(
            XMLError(
                kind: .entityExpansion, line: 0, column: 0,
                message: "entities expanded to more than \(expansionLimit) bytes of text"),
            context: context)
        return false
    }

    mutating func comment(_ comment: UnsafePointer<xmlChar>) {
        guard configuration.keepsComments, !frames.isEmpty else { return }
        comments.append(String(cString: comment))  // as written, as XMLDictionary keeps them
    }

    /// Keeps the first error of level error or worse; warnings are not failures.
    mutating func record(_ libxmlError: xmlError) {
        guard error == nil else { return }
        error = XMLError.from(libxml2: libxmlError, parser: mainContext)
    }

    // MARK: Building values

    /// The object an element becomes: name (for the root), attributes, children grouped by
    /// name in order of first appearance, text, comments. Moves the element's children and
    /// comments off their stacks.
    private mutating func object(of frame: Frame, text elementText: JSONValue?, isRoot: Bool) -> JSONObject {
        serial &+= 1
        let attributes = frame.childStart..<frame.childStart + frame.attributeCount
        let elements = attributes.upperBound..<childKeys.count
        let isRepeated = countGroups(elements)
        // Keys collide only in odd documents (an element named `_x` beside an attribute `x`,
        // attributes that differ only in a dropped prefix, an element named `__text`); those
        // take the slow way, which keeps a key's first place and gathers its values into one
        // array, in the order XMLDictionary adds them.
        var isDistinct = true
        let hasComments = comments.count > frame.commentStart
        // Children alone (no name, attributes, text or comments) have distinct keys: one per group.
        if isRoot || !attributes.isEmpty || elementText != nil || hasComments {
            if isRoot { isDistinct = claim(nameKeyID) && isDistinct }
            for index in attributes { isDistinct = claim(childKeys[index]) && isDistinct }
            for slot in 0..<groupIDs.count { isDistinct = claim(groupIDs[slot]) && isDistinct }
            if elementText != nil { isDistinct = claim(textKeyID) && isDistinct }
            if hasComments { isDistinct = claim(commentKeyID) && isDistinct }
        }

        let keyCount =
            (isRoot ? 1 : 0) + frame.attributeCount + groupIDs.count + (elementText == nil ? 0 : 1)
            + (hasComments ? 1 : 0)
        var object = JSONObject(minimumCapacity: keyCount)
        if isRoot {
            Self.insert(.string(keys[frame.keyID]), forKey: keys[nameKeyID], into: &object, isDistinct: isDistinct)
        }
        for index in attributes {
            Self.insert(
                childValues.take(at: index), forKey: keys[childKeys[index]], into: &object, isDistinct: isDistinct)
        }
        if isRepeated {
            addGroups(elements, to: &object, isDistinct: isDistinct, forcedStart: frame.forcedStart)
        } else {
            let hasForced = forcedArrays.count > frame.forcedStart
            for index in elements {
                let value = childValues.take(at: index)
                let id = childKeys[index]
                let isArray = alwaysUsesArrays || (hasForced && isForced(id, from: frame.forcedStart))
                Self.insert(isArray ? .array([value]) : value, forKey: keys[id], into: &object, isDistinct: isDistinct)
            }
        }
        // Every value from the element's first child on has been moved out.
        childValues.forget(from: frame.childStart)
        childKeys.forget(from: frame.childStart)
        if let elementText {
            Self.insert(elementText, forKey: keys[textKeyID], into: &object, isDistinct: isDistinct)
        }
        if hasComments {
            let kept = comments[frame.commentStart...]
            let value = JSONValue.array(kept.map(JSONValue.string))
            Self.insert(value, forKey: keys[commentKeyID], into: &object, isDistinct: isDistinct)
            comments.removeLast(kept.count)
        }
        return object
    }

    /// Adds `value` under `key`: appended when the object's keys are known to be distinct;
    /// else a key already there gathers both into one array, earlier values first.
    @inline(__always)
    private static func insert(
        _ value: consuming JSONValue, forKey key: String, into object: inout JSONObject, isDistinct: Bool
    ) {
        if isDistinct {
            object.appendUnchecked(value, forKey: key)
        } else {
            insertColliding(value, forKey: key, into: &object)
        }
    }

    @inline(never)
    private static func insertColliding(_ value: JSONValue, forKey key: String, into object: inout JSONObject) {
        if let existing = object[key] {
            object.updateValue(.array((existing.arrayValue ?? [existing]) + (value.arrayValue ?? [value])), forKey: key)
        } else {
            object.updateValue(value, forKey: key)
        }
    }

    /// Whether the key numbered `id` must be an array among the children of the element whose
    /// forced keys start at `start`.
    private func isForced(_ id: Int, from start: Int) -> Bool {
        forcedArrays.withElements(from: start) { $0.contains(id) }
    }

    /// Marks the key numbered `id` as used by the current object; false when it already was.
    @inline(__always)
    private mutating func claim(_ id: Int) -> Bool {
        guard keyInfos[id].claimedBy != serial else { return false }
        keyInfos[id].claimedBy = serial
        return true
    }

    /// Groups the children of `range` by key for the current object into `groupIDs`,
    /// `groupCounts` and the keys' ``KeyInfo/groupSlot``; true when some key occurs more than
    /// once.
    @inline(__always)
    private mutating func countGroups(_ range: Range<Int>) -> Bool {
        groupIDs.forget(from: 0)
        groupCounts.forget(from: 0)
        var isRepeated = false
        for index in range {
            let id = childKeys[index]
            let info = keyInfos[id]
            if info.groupedBy == serial {
                groupCounts[info.groupSlot] &+= 1
                isRepeated = true
            } else {
                keyInfos[id].groupedBy = serial
                keyInfos[id].groupSlot = groupIDs.count
                groupIDs.push(id)
                groupCounts.push(1)
            }
        }
        return isRepeated
    }

    /// Adds the children of `range` to `object`, a key that repeats as one array; needs
    /// `countGroups(range)` first. Moves every value in `range` out.
    private mutating func addGroups(
        _ range: Range<Int>, to object: inout JSONObject, isDistinct: Bool, forcedStart: Int
    ) {
        var arrays: [[JSONValue]] = (0..<groupCounts.count).map { slot in
            var array: [JSONValue] = []
            array.reserveCapacity(groupCounts[slot])
            return array
        }
        for index in range {
            arrays[keyInfos[childKeys[index]].groupSlot].append(childValues.take(at: index))
        }
        for slot in 0..<groupIDs.count {
            let id = groupIDs[slot]
            var values: [JSONValue] = []
            swap(&values, &arrays[slot])
            let isArray = values.count > 1 || alwaysUsesArrays || isForced(id, from: forcedStart)
            let value: JSONValue = isArray ? .array(values) : values[0]
            Self.insert(value, forKey: keys[id], into: &object, isDistinct: isDistinct)
        }
    }

    /// The runs of an element's text (split where its children began), each trimmed unless
    /// white space is kept; runs left empty are dropped.
    private func finishedRuns(of frame: Frame) -> TextRuns {
        guard frame.textStart < text.count else { return TextRuns() }
        let keepsWhitespace = keepsWhitespace
        if frame.breakStart == runBreaks.count {
            // No child interrupted the text: one run, the common case, with nothing to split.
            let run = text.withBytes(from: frame.textStart) { bytes in
                keepsWhitespace ? UTF8Text.string(bytes) : Self.trimmed(bytes)
            }
            return TextRuns(first: run)
        }
        let start = frame.textStart
        let breaks = runBreaks.withElements(from: frame.breakStart) { $0.map { $0 - start } }
        return text.withBytes(from: start) { bytes in
            func run(_ range: Range<Int>) -> String? {
                let piece = UnsafeBufferPointer(rebasing: bytes[range])
                if keepsWhitespace { return piece.isEmpty ? nil : UTF8Text.string(piece) }
                return Self.trimmed(piece)
            }
            var runs = TextRuns()
            var from = 0
            for end in breaks {
                if end > from, let piece = run(from..<end) { runs.append(piece) }
                from = max(from, end)
            }
            if from < bytes.count, let piece = run(from..<bytes.count) { runs.append(piece) }
            return runs
        }
    }

    /// The number of the key for a name: an element's name, or an attribute's key (with the
    /// attribute prefix), written as ``XMLConverter/Configuration/names`` says.
    @inline(__always)
    private mutating func keyID(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        isAttribute: Bool
    ) -> Int {
        // `prefix` in the address is what qualifies the name: the prefix, the namespace, or nothing.
        let qualifier: UnsafePointer<xmlChar>? =
            switch nameStyle {
            case .qualified: prefix
            case .local: nil
            case .expanded: uri
            }
        let address = NameAddress(
            prefix: UInt(bitPattern: qualifier), localName: UInt(bitPattern: localName), isAttribute: isAttribute)
        // Fibonacci hashing of the two addresses picks one of the cache's 1,024 slots.
        let mixed = (address.localName &+ address.prefix &* 31 &+ (isAttribute ? 1 : 0)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 54)
        let recent = recentNames[slot]
        if recent.address == address { return recent.keyID }
        return keyID(missing: address, localName: localName, slot: slot)
    }

    /// The number of the key for a name the cache does not hold, which it then holds.
    @inline(never)
    private mutating func keyID(missing address: NameAddress, localName: UnsafePointer<xmlChar>, slot: Int) -> Int {
        let id: Int
        if let known = names[address] {
            id = known
        } else {
            var string = String(cString: localName)
            if let qualifier = UnsafePointer<CChar>(bitPattern: address.prefix) {
                let text = String(cString: qualifier)
                string = nameStyle == .expanded ? "{\(text)}" + string : text + ":" + string
            }
            if address.isAttribute {
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
        keys.push(key)
        keyIDs[UTF8Key(key)] = id
        keyInfos.push(KeyInfo())
        return id
    }

    /// An attribute's value. Without entity substitution, libxml2 hands over `&` as `&#38;` and
    /// references to declared entities as written; libxml2's own decoder (with its limits)
    /// resolves both, as its SAX2 tree builder does.
    private func attributeValue(
        start: UnsafePointer<xmlChar>, end: UnsafePointer<xmlChar>, context: UnsafeMutableRawPointer?
    ) -> String {
        let buffer = UnsafeBufferPointer(start: start, count: end - start)
        guard Self.containsAmpersand(buffer),
            let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let copy = xmlStrndup(start, Int32(buffer.count))
        else {
            return UTF8Text.string(buffer)
        }
        defer { CLibXML2_free(copy) }
        guard let decoded = xmlStringDecodeEntities(parser, copy, Int32(XML_SUBSTITUTE_REF), 0, 0, 0) else {
            return UTF8Text.string(buffer)
        }
        defer { CLibXML2_free(decoded) }
        return String(cString: decoded)
    }

    /// Whether `bytes` hold an `&`, eight bytes at a time (a zero byte in `word ^ 0x2626…`
    /// shows where one is).
    @inline(__always)
    private static func containsAmpersand(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index &+ 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x2626_2626_2626_2626
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            index &+= 8
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") { return true }
            index &+= 1
        }
        return false
    }

    private mutating func fail(_ failure: XMLError, context: UnsafeMutableRawPointer?) {
        if error == nil { error = failure }
        if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
        if let mainContext { xmlStopParser(mainContext) }
    }
}
