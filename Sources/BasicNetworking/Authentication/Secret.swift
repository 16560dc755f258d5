/// A secret value, such as an access token or a client secret, that never shows itself in text:
/// its description, its debug description and its mirror are all `<redacted>`, so interpolating it
/// into a message, printing it or dumping a value that holds it does not reveal it.
///
/// ```swift
/// let token = Secret("pat-123")
/// print("using \(token)")            // using <redacted>
/// request.setValue("Bearer \(token.revealed)", forHTTPHeaderField: "Authorization")
/// ```
///
/// Reading the value takes ``revealed``, a name that is easy to find in a review. It encodes as its
/// plain text, for a store that seals it (never encode it anywhere that is not sealed).
public struct Secret: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// What every description of a secret is.
    public static let placeholder = "<redacted>"

    private let value: String

    /// A secret holding `value`.
    public init(_ value: String) {
        self.value = value
    }

    /// The value itself, for the one place that must send it.
    public var revealed: String { value }

    /// Whether the value is empty.
    public var isEmpty: Bool { value.isEmpty }

    /// `<redacted>`.
    public var description: String { Self.placeholder }

    /// `Secret(<redacted>)`.
    public var debugDescription: String { "Secret(\(Self.placeholder))" }

    /// A mirror without children, so that `dump` and reflection show nothing of the value.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Reads the value from a single string.
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the value as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
