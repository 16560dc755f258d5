import BasicCore
import Foundation

#if canImport(FoundationXML)
    // On Linux, XMLParser lives in FoundationXML rather than Foundation.
    import FoundationXML
#endif

/// The original app's way, for `bsl-bench xml`: Foundation's `XMLParser` with a delegate that
/// builds the same `JSONValue` by the same rules as `XMLConverter`'s defaults (XMLDictionary's
/// way of using `XMLParser`, with its dictionaries replaced by ours so that the results compare).
final class XMLParserPeer: NSObject, XMLParserDelegate {
    private struct Frame {
        var name: String
        var members: [(key: String, values: [JSONValue])] = []
        var attributeCount = 0
        var text = ""
    }

    private var stack: [Frame] = []
    private var root: JSONValue?

    /// Parses `data` into a `JSONValue`.
    static func convert(_ data: Data) throws -> JSONValue {
        let peer = XMLParserPeer()
        let parser = XMLParser(data: data)
        parser.delegate = peer
        guard parser.parse(), let root = peer.root else {
            throw BenchError("XMLParser failed: \(parser.parserError.map { "\($0)" } ?? "no root")")
        }
        return root
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        // Qualified names, and namespace declarations as attributes, as XMLDictionary (and so
        // XMLConverter's defaults) keep them: XMLParser does not process namespaces by default.
        var frame = Frame(name: elementName)
        // XMLParser hands attributes over as a dictionary, so their order is lost; sort for a stable result.
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            frame.members.append(("_" + key, [.string(value)]))
        }
        frame.attributeCount = frame.members.count
        stack.append(frame)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let frame = stack.popLast() else { return }
        let trimmed = frame.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = trimmed.isEmpty ? nil : trimmed
        if stack.isEmpty {
            var object = JSONObject()
            object["__name"] = .string(frame.name)
            fill(&object, with: frame, text: text)
            root = .object(object)
            return
        }
        let value: JSONValue
        if frame.members.isEmpty {
            // An empty element is left out, as XMLDictionary (and XMLConverter's default) leaves
            // it. (A left-out element whose name repeats keeps an array; no feed here has one.)
            guard let text else { return }
            value = .string(text)
        } else {
            var object = JSONObject()
            fill(&object, with: frame, text: text)
            value = .object(object)
        }
        let key = frame.name
        if let position = stack[stack.count - 1].members.lastIndex(where: { $0.key == key }),
            position >= stack[stack.count - 1].attributeCount
        {
            stack[stack.count - 1].members[position].values.append(value)
        } else {
            stack[stack.count - 1].members.append((key, [value]))
        }
    }

    private func fill(_ object: inout JSONObject, with frame: Frame, text: String?) {
        for member in frame.members {
            object[member.key] = member.values.count == 1 ? member.values[0] : .array(member.values)
        }
        if let text { object["__text"] = .string(text) }
    }
}
