import Foundation

extension AESGCM {
    /// What ``AESGCM/seal(_:using:nonce:authenticating:)`` makes: the nonce, the ciphertext and
    /// the tag, kept together as one byte string (`nonce ‖ ciphertext ‖ tag`, 28 bytes more than
    /// the plaintext) ready to store.
    public struct SealedBox: Sendable, Hashable {
        /// `nonce ‖ ciphertext ‖ tag`.
        public let combined: [UInt8]

        /// A box from its stored form.
        ///
        /// - Throws: ``CryptoError`` (`invalidParameter`) when `combined` is shorter than a nonce
        ///   and a tag (28 bytes).
        public init(combined: some ContiguousBytes) throws(CryptoError) {
            let bytes = combined.withUnsafeBytes { Array($0) }
            guard bytes.count >= AESGCM.nonceByteCount + AESGCM.tagByteCount else {
                throw CryptoError(
                    .invalidParameter, message: "a sealed box is at least 28 bytes, not \(bytes.count)",
                    context: "AES-256-GCM sealed box")
            }
            self.combined = bytes
        }

        /// A box from its three parts.
        ///
        /// - Throws: ``CryptoError`` (`invalidParameter`) when the nonce is not 12 bytes or the
        ///   tag not 16.
        public init(nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(CryptoError) {
            guard nonce.count == AESGCM.nonceByteCount, tag.count == AESGCM.tagByteCount else {
                throw CryptoError(
                    .invalidParameter, message: "the nonce must be 12 bytes and the tag 16",
                    context: "AES-256-GCM sealed box")
            }
            combined = nonce + ciphertext + tag
        }

        init(checkedCombined: [UInt8]) {
            combined = checkedCombined
        }

        /// The 12-byte nonce.
        public var nonce: [UInt8] { Array(combined[..<AESGCM.nonceByteCount]) }

        /// The ciphertext, as long as the plaintext.
        public var ciphertext: [UInt8] {
            Array(combined[AESGCM.nonceByteCount..<(combined.count - AESGCM.tagByteCount)])
        }

        /// The 16-byte tag.
        public var tag: [UInt8] { Array(combined[(combined.count - AESGCM.tagByteCount)...]) }
    }
}
