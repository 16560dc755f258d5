import BasicCore
import Foundation

/// See ``Harness/keyPath``.
enum KeyPathHarness {
    /// A small document with objects, arrays, a null, a key with a dot and an empty key. Paths
    /// are also set in an empty document (`null`), as `bsl json set` does on empty input.
    static let document: JSONValue = [
        "data": ["list": [["name": "cnblogs", "tags": ["a", "b"]], 1, nil], "count": 3],
        "a.b": true,
        "": ["x": 0],
    ]

    static func run(_ data: Data) throws(HarnessFailure) {
        let text = Check.text(data)
        let path: JSONKeyPath
        do {
            path = try JSONKeyPath(text)
        } catch {
            try Check.clearError(error, from: "JSONKeyPath(_:)")
            return
        }
        do {
            let again = try JSONKeyPath(path.description)
            try Check.that(
                again == path,
                "the path \(Check.quoted(text)) prints as \(Check.quoted(path.description)), which parses to another path"
            )
        } catch let failure as HarnessFailure {
            throw failure
        } catch {
            throw HarnessFailure(
                "the path \(Check.quoted(text)) prints as \(Check.quoted(path.description)), which does not parse: \(error)"
            )
        }

        for document in [document, .null] {
            try setAndRemove(path, text: text, in: document)
        }
    }

    /// Reads, sets and removes at `path` in `document`.
    static func setAndRemove(_ path: JSONKeyPath, text: String, in document: JSONValue) throws(HarnessFailure) {
        let found = document.value(at: path)
        _ = document.string(at: path)
        _ = document.int(at: path)

        var changed = document
        let marker: JSONValue = "fuzz-marker"
        do {
            try changed.set(marker, at: path)
        } catch {
            try Check.that(changed == document, "a set that failed (\(error)) changed the document")
            try Check.clearError(error, from: "set(_:at:)")
            return
        }
        try Check.that(changed.value(at: path) == marker, "after set at \(Check.quoted(text)) the value is not there")
        let removed = changed.removeValue(at: path)
        try Check.that(
            removed == marker, "removeValue at \(Check.quoted(text)) after set gave \(String(describing: removed))")
        if found == nil, path.components.count == 1, case .key = path.components[0], document != .null {
            // One new key, added and removed: the document is as it was.
            try Check.that(
                changed == document, "set then remove of a new key \(Check.quoted(text)) changed the document")
        }
    }
}
