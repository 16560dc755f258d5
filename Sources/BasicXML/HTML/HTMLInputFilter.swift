import BasicFormat

/// Rewrites HTML source, before libxml2's HTML parser reads it, where that parser would lose or
/// mistake what a browser reads, and where it would take time quadratic in the input:
///
/// - NUL becomes U+FFFD (libxml2 ends the whole document at a NUL inside an attribute value).
/// - Numeric character references that libxml2 drops or misreads are replaced by the character
///   HTML5 gives them: 0x80–0x9F through windows-1252 (`&#150;` is –), 0, surrogates and values
///   past U+10FFFF as U+FFFD, a control or U+FFFE/U+FFFF as itself, and `&#` without digits as
///   written. libxml2 would drop them in text and cut an attribute value short at them.
/// - Namespace-prefixed tags (`<o:p>`, `</o:p>`, `<d::`), and tags whose names are no HTML
///   names for another reason (`<p.>`, `<a_b>`: a `.` or `_` in them), are removed, their
///   contents kept: HTML has no namespaces, libxml2 would make `<o:p>` a `<p>`, and it nests
///   `<p.>` differently once written out and read again, so sanitizing would not be idempotent.
/// - A start tag keeps its first ``HTMLNode/maximumAttributeCount`` attributes: libxml2 compares
///   each attribute with every one before it.
/// - A start tag that would open more than ``maximumOpenElements`` elements at once is removed,
///   its contents kept: libxml2 searches its whole stack of open elements for every end tag.
///
/// The filter reads tags the way libxml2 does (``HTMLParserRules``): `<` and a letter starts a
/// tag; names are ASCII letters, digits and `:_.-`, at most 100 characters; comments end at
/// `-->` or `--!>`; `script` and `style` hold raw text up to `</script` or `</style`, which it
/// leaves alone, as it leaves comments, processing instructions and `<!DOCTYPE …>`.
///
/// - Complexity: O(*n* · ``maximumOpenElements``) in the worst case, O(*n*) for ordinary HTML.
struct HTMLInputFilter {
    /// How many elements the filter lets the parser hold open. The tree keeps at most
    /// ``HTMLNode/maximumDepth`` levels anyway; the filter's count of open elements is an upper
    /// bound of libxml2's (it leaves out a few of the ways libxml2 closes elements), so it
    /// allows twice as many before it removes a tag.
    static let maximumOpenElements = 2 * HTMLNode.maximumDepth

    /// The source, NULs already replaced.
    private let input: [UInt8]
    /// The rewritten source up to ``copied``, once something has changed.
    private var output: [UInt8] = []
    /// How much of ``input`` is accounted for in ``output``.
    private var copied = 0
    private var changed = false
    /// The elements open in the parser, as far as the filter can tell.
    private var open: [OpenElement] = []
    /// A number for each element name met, so that end tags compare numbers.
    private var nameNumbers: [String: Int] = [:]
    /// How many elements of each name (by number) are in ``open``: an end tag whose element
    /// is not open costs nothing to look for.
    private var openCounts: [Int] = []

    /// An open element and the priority its end tag needs to close it.
    private struct OpenElement {
        var name: String
        var number: Int
        var priority: Int
    }

    /// The number of `name`, given on first sight.
    private mutating func number(of name: String) -> Int {
        if let number = nameNumbers[name] { return number }
        let number = openCounts.count
        nameNumbers[name] = number
        openCounts.append(0)
        return number
    }

    private mutating func push(_ name: String) {
        let element = OpenElement(name: name, number: number(of: name), priority: HTMLParserRules.endPriority(name))
        openCounts[element.number] += 1
        open.append(element)
    }

    private mutating func pop(from index: Int) {
        for element in open[index...] { openCounts[element.number] -= 1 }
        open.removeSubrange(index...)
    }

    /// A change inside a tag, applied once the tag's fate is known.
    private struct Edit {
        var range: Range<Int>
        var replacement: [UInt8]
    }

    /// What a start tag turned out to be.
    private struct StartTag {
        var name: String
        var end: Int
        var isSelfClosing: Bool
        var isTerminated: Bool
        var edits: [Edit]
    }

    private init(input: [UInt8]) {
        self.input = input
    }

    /// `text` as UTF-8, rewritten by the rules above, or nil when nothing needed rewriting.
    static func filtered(_ text: String) -> [UInt8]? {
        var bytes = Array(text.utf8)
        var replacedNUL = false
        if bytes.contains(0) {
            var replaced: [UInt8] = []
            replaced.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                if byte == 0 { replaced.append(contentsOf: replacementCharacter) } else { replaced.append(byte) }
            }
            bytes = replaced
            replacedNUL = true
        }
        var filter = HTMLInputFilter(input: bytes)
        filter.run()
        if filter.changed {
            filter.output.append(contentsOf: filter.input[filter.copied...])
            return filter.output
        }
        return replacedNUL ? bytes : nil
    }

    /// U+FFFD in UTF-8.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    // MARK: The walk

    private mutating func run() {
        var index = 0
        let count = input.count
        while index < count {
            switch input[index] {
            case UInt8(ascii: "&"):
                let (end, replacement) = reference(at: index)
                if let replacement { replace(index..<end, with: replacement) }
                index = end
            case UInt8(ascii: "<"):
                index = markup(at: index)
            default:
                index += 1
            }
        }
    }

    /// Replaces `range` of the input with `replacement`; ranges come in increasing order.
    private mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        if !changed {
            changed = true
            output.reserveCapacity(input.count + 64)
        }
        output.append(contentsOf: input[copied..<range.lowerBound])
        output.append(contentsOf: replacement)
        copied = range.upperBound
    }

    /// Reads the markup that starts with the `<` at `index`, and returns where text goes on.
    private mutating func markup(at index: Int) -> Int {
        let next = index + 1
        guard next < input.count else { return next }
        let byte = input[next]
        if Self.isLetter(byte) { return startTag(at: index) }
        if byte == UInt8(ascii: "/") {
            if next + 1 < input.count, Self.isLetter(input[next + 1]) { return endTag(at: index) }
            return next + 1  // libxml2 drops `</` that no name follows and reads on as text.
        }
        if byte == UInt8(ascii: "!") {
            if hasPrefix("<!--", at: index) { return commentEnd(from: index + 4) }
            if hasPrefix("<!doctype", at: index, caseInsensitive: true) {
                return end(of: UInt8(ascii: ">"), from: next)
            }
            return next
        }
        if byte == UInt8(ascii: "?") { return end(of: UInt8(ascii: ">"), from: next) }
        return next
    }

    /// Where a comment whose text starts at `index` ends: after `-->` or `--!>`, or at the end.
    private func commentEnd(from index: Int) -> Int {
        var position = index
        while position + 2 < input.count {
            if input[position] == UInt8(ascii: "-"), input[position + 1] == UInt8(ascii: "-") {
                if input[position + 2] == UInt8(ascii: ">") { return position + 3 }
                if input[position + 2] == UInt8(ascii: "!"), position + 3 < input.count,
                    input[position + 3] == UInt8(ascii: ">")
                {
                    return position + 4
                }
            }
            position += 1
        }
        return input.count
    }

    /// The index after the first `byte` at or after `index`, or the end of the input.
    private func end(of byte: UInt8, from index: Int) -> Int {
        var position = index
        while position < input.count {
            if input[position] == byte { return position + 1 }
            position += 1
        }
        return input.count
    }

    // MARK: Tags

    /// Whether a tag's name is no HTML element's: libxml2 takes `:`, `.` and `_` in names, HTML
    /// (custom elements included) has letters, digits and `-` only.
    static func isForeign(_ name: String) -> Bool {
        name.utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
    }

    private mutating func startTag(at index: Int) -> Int {
        let tag = readStartTag(at: index)
        if Self.isForeign(tag.name) {
            replace(index..<tag.end, with: [])
            return tag.end
        }
        let isRaw = HTMLParserRules.rawTextElements.contains(tag.name) && !tag.isSelfClosing && tag.isTerminated
        if !["html", "head", "body"].contains(tag.name) {
            while let top = open.last, HTMLParserRules.startTag(tag.name, closes: top.name) {
                pop(from: open.count - 1)
            }
            if !tag.isSelfClosing && !HTMLParserRules.emptyElements.contains(tag.name) {
                if open.count >= Self.maximumOpenElements && !isRaw {
                    replace(index..<tag.end, with: [])
                    return tag.end
                }
                push(tag.name)
            }
        }
        for edit in tag.edits { replace(edit.range, with: edit.replacement) }
        return isRaw ? rawTextEnd(of: tag.name, from: tag.end) : tag.end
    }

    /// Where the raw text of a `script` or `style` from `index` ends: at `</name`, in any case.
    private func rawTextEnd(of name: String, from index: Int) -> Int {
        let closing = Array("</\(name)".utf8)
        var position = index
        while position + closing.count <= input.count {
            if input[position] == UInt8(ascii: "<"), hasPrefix(closing, at: position, caseInsensitive: true) {
                return position
            }
            position += 1
        }
        return input.count
    }

    /// Reads the start tag at `index` as libxml2's `htmlParseStartTag` does, collecting the
    /// references to rewrite in its values and cutting the attributes past the maximum.
    private func readStartTag(at index: Int) -> StartTag {
        var position = index + 1
        let name = readName(&position)
        var edits: [Edit] = []
        var attributeCount = 0
        var cutFrom: Int?
        var isSelfClosing = false
        var isTerminated = false
        let count = input.count
        while true {
            skipBlanks(&position)
            guard position < count else { break }
            let byte = input[position]
            if byte == UInt8(ascii: ">") {
                isTerminated = true
                position += 1
                break
            }
            if byte == UInt8(ascii: "/"), position + 1 < count, input[position + 1] == UInt8(ascii: ">") {
                isSelfClosing = true
                isTerminated = true
                position += 2
                break
            }
            let attributeStart = position
            if Self.isNameStart(byte) {
                attributeCount += 1
                if attributeCount > HTMLNode.maximumAttributeCount, cutFrom == nil { cutFrom = attributeStart }
                _ = readName(&position)
                var afterName = position
                skipBlanks(&afterName)
                if afterName < count, input[afterName] == UInt8(ascii: "=") {
                    position = afterName + 1
                    skipBlanks(&position)
                    let valueEdits = readValue(&position)
                    if cutFrom == nil { edits += valueEdits }
                }
            } else {
                // A bogus attribute: libxml2 skips it up to a blank or the end of the tag.
                while position < count {
                    let skipped = input[position]
                    if Self.isBlank(skipped) || skipped == UInt8(ascii: ">") { break }
                    if skipped == UInt8(ascii: "/"), position + 1 < count, input[position + 1] == UInt8(ascii: ">") {
                        break
                    }
                    position += 1
                }
            }
        }
        if let cutFrom {
            // Keep the tag's end (`>` or `/>`) and cut everything from the first attribute too many.
            let tagContentEnd = isTerminated ? position - (isSelfClosing ? 2 : 1) : position
            edits.append(Edit(range: cutFrom..<tagContentEnd, replacement: []))
        }
        return StartTag(
            name: name, end: position, isSelfClosing: isSelfClosing, isTerminated: isTerminated, edits: edits)
    }

    /// Reads an attribute value at `position` (quoted, or up to a blank or `>`), returning the
    /// references in it to rewrite.
    private func readValue(_ position: inout Int) -> [Edit] {
        let count = input.count
        guard position < count else { return [] }
        var edits: [Edit] = []
        let quote = input[position]
        let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
        if isQuoted { position += 1 }
        while position < count {
            let byte = input[position]
            if isQuoted ? byte == quote : (Self.isBlank(byte) || byte == UInt8(ascii: ">")) { break }
            if byte == UInt8(ascii: "&") {
                let (end, replacement) = reference(at: position)
                if let replacement { edits.append(Edit(range: position..<end, replacement: replacement)) }
                position = end
            } else {
                position += 1
            }
        }
        if isQuoted && position < count { position += 1 }
        return edits
    }

    private mutating func endTag(at index: Int) -> Int {
        var position = index + 2
        let name = readName(&position)
        // libxml2 skips anything else in an end tag up to the first `>`, quotes or not.
        let end = end(of: UInt8(ascii: ">"), from: position)
        if Self.isForeign(name) {
            replace(index..<end, with: [])
            return end
        }
        guard !["html", "head", "body"].contains(name), let number = nameNumbers[name], openCounts[number] > 0,
            let match = open.lastIndex(where: { $0.number == number })
        else { return end }
        let priority = HTMLParserRules.endPriority(name)
        if open[(match + 1)...].allSatisfy({ $0.priority <= priority }) { pop(from: match) }
        return end
    }

    /// Reads a tag or attribute name at `position` as libxml2 does: at most 100 characters, in lowercase.
    private func readName(_ position: inout Int) -> String {
        var name: [UInt8] = []
        while position < input.count, name.count < HTMLParserRules.maximumNameLength,
            Self.isNameCharacter(input[position])
        {
            let byte = input[position]
            name.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
            position += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    private func skipBlanks(_ position: inout Int) {
        while position < input.count, Self.isBlank(input[position]) { position += 1 }
    }

    private func hasPrefix(_ prefix: String, at index: Int, caseInsensitive: Bool = false) -> Bool {
        hasPrefix(Array(prefix.utf8), at: index, caseInsensitive: caseInsensitive)
    }

    private func hasPrefix(_ prefix: [UInt8], at index: Int, caseInsensitive: Bool) -> Bool {
        guard index + prefix.count <= input.count else { return false }
        for offset in 0..<prefix.count {
            var byte = input[index + offset]
            if caseInsensitive, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if byte != prefix[offset] { return false }
        }
        return true
    }

    // MARK: Character references

    /// The end of the reference at `index` and what to write instead of it, or nil to leave it
    /// for libxml2 (anything but a numeric reference, and the numeric ones libxml2 reads right).
    private func reference(at index: Int) -> (end: Int, replacement: [UInt8]?) {
        let count = input.count
        guard index + 1 < count, input[index + 1] == UInt8(ascii: "#") else { return (index + 1, nil) }
        var position = index + 2
        let isHex = position < count && (input[position] | 0x20) == UInt8(ascii: "x")
        if isHex { position += 1 }
        let digitsStart = position
        var value: UInt32 = 0
        while position < count, let digit = Self.digit(input[position], hex: isHex) {
            value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
            position += 1
        }
        // `&#` without digits is no reference in HTML5: it stays as written, `&` and all.
        guard position > digitsStart else { return (index + 1, Array("&amp;".utf8)) }
        if position < count, input[position] == UInt8(ascii: ";") { position += 1 }
        guard let scalar = Self.replacement(forReference: value) else { return (position, nil) }
        return (position, Array(String(Character(scalar)).utf8))
    }

    /// What HTML5 reads a numeric reference to `value` as (BasicFormat's
    /// `HTMLText.scalar(forNumericReference:)`), when libxml2 would read it otherwise: libxml2
    /// drops references to what XML 1.0 does not allow, and reads 0x80–0x9F as C1 controls.
    static func replacement(forReference value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x80...0x9F: HTMLText.scalar(forNumericReference: value)
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: nil
        // 0, surrogates and values past U+10FFFF: U+FFFD. C0 controls, U+FFFE and U+FFFF: HTML5
        // keeps the character, which libxml2 keeps in attribute values and drops from text, as
        // it does when they are written out.
        default: HTMLText.scalar(forNumericReference: value)
        }
    }

    // MARK: Bytes

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// libxml2's blanks: space, tab, line feed, carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return UInt32(byte - UInt8(ascii: "0")) }
        guard hex else { return nil }
        let lower = byte | 0x20
        if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") { return UInt32(lower - UInt8(ascii: "a") + 10) }
        return nil
    }
}
