import Foundation

extension JSONValue {
    /// Decodes a model from the value at `path`; the model keeps only the fields it declares.
    ///
    /// ```swift
    /// struct Square: Decodable { let name: String; let url: String }
    /// let squares = try doc.decode([Square].self, at: try JSONKeyPath("square_list"))
    /// ```
    ///
    /// - Throws: ``KeyPathError/noValue(path:)`` when nothing is at `path`;
    ///   ``KeyPathError/decodingFailed(path:type:reason:)`` naming the full path of the value that
    ///   did not fit (`square_list[3].name`) when decoding fails, or with the model's own error's
    ///   words when its `init(from:)` throws something other than a `DecodingError`.
    public func decode<T: Decodable>(
        _ type: T.Type, at path: JSONKeyPath = .root, using decoder: JSONDecoder = JSONDecoder()
    ) throws(KeyPathError) -> T {
        guard let value = value(at: path) else {
            throw KeyPathError.noValue(path: path.description)
        }
        do {
            return try decoder.decode(T.self, from: value.jsonData())
        } catch let error as DecodingError {
            throw KeyPathError.decodingFailed(
                path: path.description, type: String(describing: T.self), reason: Self.explain(error, under: path))
        } catch {
            // The model's own `init(from:)` threw an error of its own: its words are the reason.
            throw KeyPathError.decodingFailed(
                path: path.description, type: String(describing: T.self), reason: String(describing: error))
        }
    }

    /// Decodes a model from the value at the path written as text; see
    /// ``decode(_:at:using:)-(_,JSONKeyPath,_)``.
    ///
    /// - Throws: ``KeyPathError``.
    public func decode<T: Decodable>(
        _ type: T.Type, at path: String, using decoder: JSONDecoder = JSONDecoder()
    ) throws(KeyPathError) -> T {
        try decode(type, at: try JSONKeyPath(path), using: decoder)
    }

    /// A one-line reason for a decoding error, with the coding path as a key path under `base`.
    private static func explain(_ error: DecodingError, under base: JSONKeyPath) -> String {
        func fullPath(_ codingPath: [any CodingKey]) -> String {
            var path = base
            for key in codingPath {
                path = path.appending(key.intValue.map { .index($0) } ?? .key(key.stringValue))
            }
            return path.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "no key \"\(key.stringValue)\" at \"\(fullPath(context.codingPath))\""
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null at \"\(fullPath(context.codingPath))\""
        case .typeMismatch(let type, let context):
            return "expected \(type) at \"\(fullPath(context.codingPath))\": \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \"\(fullPath(context.codingPath))\""
        @unknown default:
            return String(describing: error)
        }
    }
}
