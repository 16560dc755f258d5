import BasicCrypto

/// Seals and opens stored values: AES-256-GCM with a fresh random nonce per write, the row's
/// identity (what kind of row, its collection and key) authenticated as associated data, so a
/// value copied to another row fails to open. Without a key it passes values through.
///
/// Stored form: `nonce (12) ‖ ciphertext ‖ tag (16)`.
struct ValueCipher: Sendable {
    /// The kinds of rows, each authenticated differently.
    enum RowKind: UInt8 {
        case keyed = 0x6b  // "k"
        case ordered = 0x6f  // "o"
        case keyCheck = 0x63  // "c"
    }

    /// The key, or nil for an unencrypted store.
    let key: CipherKey?

    var isEncrypted: Bool { key != nil }

    /// `kind ‖ UInt32(collection byte count, big-endian) ‖ collection ‖ key`: unambiguous, so no
    /// two rows share associated data.
    static func associatedData(_ kind: RowKind, collection: String, key: String) -> [UInt8] {
        let count = UInt32(truncatingIfNeeded: collection.utf8.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 + collection.utf8.count + key.utf8.count)
        bytes.append(kind.rawValue)
        bytes.append(contentsOf: [
            UInt8(count >> 24), UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff), UInt8(count & 0xff),
        ])
        bytes.append(contentsOf: collection.utf8)
        bytes.append(contentsOf: key.utf8)
        return bytes
    }

    /// The associated data of a row, or nothing for an unencrypted store (which does not use it).
    func associatedData(_ kind: RowKind, collection: String, key: String) -> [UInt8] {
        isEncrypted ? Self.associatedData(kind, collection: collection, key: key) : []
    }

    /// The stored form of `plaintext`.
    func seal(_ plaintext: [UInt8], associatedData: [UInt8]) throws(StoreError) -> [UInt8] {
        guard let key else { return plaintext }
        do {
            return try AESGCM.seal(plaintext, using: key, authenticating: associatedData).combined
        } catch {
            throw StoreError.cryptoFailure(message: error.description)
        }
    }

    /// The plaintext of a stored value; a value that fails authentication is
    /// ``StoreError/tampered(collection:key:)``.
    func open(_ stored: UnsafeRawBufferPointer, associatedData: [UInt8], collection: String, key name: String)
        throws(StoreError) -> [UInt8]
    {
        guard let key else { return Array(stored) }
        do {
            let box = try AESGCM.SealedBox(combined: stored)
            return try AESGCM.open(box, using: key, authenticating: associatedData)
        } catch {
            guard error.kind == .libraryFailure else { throw StoreError.tampered(collection: collection, key: name) }
            throw StoreError.cryptoFailure(message: error.description)
        }
    }

    /// The plaintext of a stored value held in an array; see
    /// ``open(_:associatedData:collection:key:)-(UnsafeRawBufferPointer,_,_,_)``.
    func open(_ stored: [UInt8], associatedData: [UInt8], collection: String, key name: String)
        throws(StoreError) -> [UInt8]
    {
        // `withUnsafeBytes` rethrows untyped: carry the typed outcome out as a Result.
        try stored.withUnsafeBytes { bytes in
            Result { () throws(StoreError) -> [UInt8] in
                try open(bytes, associatedData: associatedData, collection: collection, key: name)
            }
        }.get()
    }
}
