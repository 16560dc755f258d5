/// An error from ``BasicCrypto``: what failed, the crypto library's code and message when it
/// reported one, and where.
///
/// ```swift
/// do {
///     let plaintext = try AESGCM.open(box, using: key)
/// } catch where error.kind == .authenticationFailure {
///     // the ciphertext, its tag, its nonce or the associated data was changed
/// }
/// ```
public struct CryptoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Hashable {
        /// A sealed box did not open: the ciphertext, tag, nonce, associated data or key
        /// differs from what sealed it.
        case authenticationFailure
        /// A parameter is out of range: a key, nonce or tag of the wrong size, zero iterations.
        case invalidParameter
        /// The crypto library itself failed (out of memory, no entropy).
        case libraryFailure
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The crypto library's error code (OpenSSL's `ERR_get_error()`), 0 when it gave none.
    public var code: UInt
    /// What went wrong, in one line.
    public var message: String
    /// The operation that failed, such as `AES-256-GCM open`.
    public var context: String

    /// Creates an error.
    public init(_ kind: Kind, code: UInt = 0, message: String, context: String) {
        self.kind = kind
        self.code = code
        self.message = message
        self.context = context
    }

    /// `<context>: <message>`, plus the library's code when there is one.
    public var description: String {
        code == 0 ? "\(context): \(message)" : "\(context): \(message) (code \(code))"
    }

    /// What `body` returns, its errors typed again: `body` reaches the backend through
    /// `withUnsafeBytes`, which rethrows untyped. The backend throws only `CryptoError`s; anything
    /// else (CryptoKit's own errors on Apple platforms) becomes a `libraryFailure` of `context`.
    static func rethrown<T>(context: String, _ body: () throws -> T) throws(CryptoError) -> T {
        do {
            return try body()
        } catch let error as CryptoError {
            throw error
        } catch {
            throw CryptoError(.libraryFailure, message: "\(error)", context: context)
        }
    }
}
