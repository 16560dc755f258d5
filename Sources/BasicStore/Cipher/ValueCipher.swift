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
        withAssociatedData(kind, collection: collection, key: key) { Array($0) }
    }

    /// Runs `body` with the associated data of a row (see ``associatedData(_:collection:key:)``)
    /// built on the stack: the store's reads and writes need it once per value, where an array
    /// would be allocated and freed each time.
    static func withAssociatedData<R>(
        _ kind: RowKind, collection: String, key: String, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        var collection = collection
        var key = key
        return collection.withUTF8 { collectionBytes in
            key.withUTF8 { keyBytes in
                // Past a few KiB this goes to the heap on its own.
                withUnsafeTemporaryAllocation(byteCount: 5 + collectionBytes.count + keyBytes.count, alignment: 1) {
                    buffer in
                    let length = UInt32(truncatingIfNeeded: collectionBytes.count)
                    buffer[0] = kind.rawValue
                    buffer[1] = UInt8(length >> 24)
                    buffer[2] = UInt8(length >> 16 & 0xff)
                    buffer[3] = UInt8(length >> 8 & 0xff)
                    buffer[4] = UInt8(length & 0xff)
                    UnsafeMutableRawBufferPointer(rebasing: buffer[5..<(5 + collectionBytes.count)])
                        .copyMemory(from: UnsafeRawBufferPointer(collectionBytes))
                    UnsafeMutableRawBufferPointer(rebasing: buffer[(5 + collectionBytes.count)...])
                        .copyMemory(from: UnsafeRawBufferPointer(keyBytes))
                    return body(UnsafeRawBufferPointer(buffer))
                }
            }
        }
    }

    /// The stored form of `plaintext`.
    func seal(_ plaintext: [UInt8], associatedData: [UInt8]) throws(StoreError) -> [UInt8] {
        guard let key else { return plaintext }
        let sealed = associatedData.withUnsafeBytes { ad in Self.seal(plaintext, using: key, authenticating: ad) }
        return try sealed.get()
    }

    /// The stored form of `plaintext` in a row of this kind, collection and key, its associated
    /// data built on the stack.
    func seal(_ plaintext: [UInt8], row kind: RowKind, collection: String, key rowKey: String)
        throws(StoreError) -> [UInt8]
    {
        guard let key else { return plaintext }
        return try Self.withAssociatedData(kind, collection: collection, key: rowKey) { ad in
            Self.seal(plaintext, using: key, authenticating: ad)
        }.get()
    }

    private static func seal(_ plaintext: [UInt8], using key: CipherKey, authenticating ad: UnsafeRawBufferPointer)
        -> Result<[UInt8], StoreError>
    {
        plaintext.withUnsafeBytes { plaintext in
            Result { () throws(StoreError) in
                do throws(CryptoError) {
                    return try AESGCM.sealedBytes(plaintext, using: key, authenticating: ad)
                } catch {
                    throw StoreError.cryptoFailure(message: error.description)
                }
            }
        }
    }

    /// The plaintext of a stored value; a value that fails authentication is
    /// ``StoreError/tampered(collection:key:)``.
    func open(_ stored: UnsafeRawBufferPointer, associatedData: [UInt8], collection: String, key name: String)
        throws(StoreError) -> [UInt8]
    {
        guard let key else { return Array(stored) }
        return try associatedData.withUnsafeBytes { ad in
            Self.open(stored, using: key, authenticating: ad, collection: collection, name: name)
        }.get()
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

    /// The plaintext of the stored value of a row of this kind, collection and key, its
    /// associated data built on the stack; `name` is the row's name in an error, made only when
    /// there is one.
    func open(
        _ stored: UnsafeRawBufferPointer, row kind: RowKind, collection: String, key rowKey: String,
        name: @autoclosure () -> String
    ) throws(StoreError) -> [UInt8] {
        guard let key else { return Array(stored) }
        return try Self.withAssociatedData(kind, collection: collection, key: rowKey) { ad in
            Self.open(stored, using: key, authenticating: ad, collection: collection, name: name())
        }.get()
    }

    /// Opens `stored` where it lies (SQLite's buffer), not copied into a `SealedBox` first.
    private static func open(
        _ stored: UnsafeRawBufferPointer, using key: CipherKey, authenticating ad: UnsafeRawBufferPointer,
        collection: String, name: @autoclosure () -> String
    ) -> Result<[UInt8], StoreError> {
        Result { () throws(StoreError) in
            do throws(CryptoError) {
                return try AESGCM.openedBytes(stored, using: key, authenticating: ad)
            } catch {
                guard error.kind == .libraryFailure else {
                    throw StoreError.tampered(collection: collection, key: name())
                }
                throw StoreError.cryptoFailure(message: error.description)
            }
        }
    }
}
