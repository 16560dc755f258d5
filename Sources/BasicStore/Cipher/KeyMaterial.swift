import BasicCrypto

/// What the store keeps about its key in `store_meta`: the encryption, the key derivation, its
/// salt and iterations, and the key-check record that tells a wrong key before anything else
/// is read or written.
struct KeyMaterial {
    static let keyCheckPlaintext = Array("BasicStore key check 1".utf8)
    static let keyCheckAssociatedData = ValueCipher.associatedData(.keyCheck, collection: "", key: "")
    static let saltByteCount = 16
    static let passphraseDerivation = "pbkdf2-hmac-sha256"
    static let rawDerivation = "raw"

    var encryption: String  // "aes-256-gcm" or "none"
    var derivation: String  // Self.passphraseDerivation, Self.rawDerivation or "none"
    var salt: [UInt8]
    var iterations: Int
    var keyCheck: [UInt8]

    /// New material for `key`, with a fresh salt, and the cipher it makes.
    static func make(for key: StoreKey) throws(StoreError) -> (KeyMaterial, ValueCipher) {
        let salt = try random(count: saltByteCount)
        var material = KeyMaterial(encryption: "none", derivation: "none", salt: [], iterations: 0, keyCheck: [])
        switch key {
        case .none:
            return (material, ValueCipher(key: nil))
        case .raw:
            material.encryption = "aes-256-gcm"
            material.derivation = rawDerivation
        case .passphrase(_, let iterations):
            material.encryption = "aes-256-gcm"
            material.derivation = passphraseDerivation
            material.salt = salt
            material.iterations = iterations
        }
        let cipher = try material.cipher(for: key, path: "")
        material.keyCheck = try cipher.seal(keyCheckPlaintext, associatedData: keyCheckAssociatedData)
        return (material, cipher)
    }

    /// The cipher `key` makes with this material.
    ///
    /// - Throws: ``StoreError/encryptionMismatch(path:isEncrypted:)`` when `key` is `.none` for an
    ///   encrypted store or the other way round; ``StoreError/keyKindMismatch(path:usesPassphrase:)``
    ///   when it is a raw key for a passphrase store or the other way round (checked before
    ///   deriving anything); ``StoreError/invalidKey(reason:)``.
    func cipher(for key: StoreKey, path: String) throws(StoreError) -> ValueCipher {
        let isEncrypted = encryption != "none"
        guard key.isEncrypted == isEncrypted else {
            throw StoreError.encryptionMismatch(path: path, isEncrypted: isEncrypted)
        }
        if isEncrypted {
            let usesPassphrase: Bool
            switch derivation {
            case Self.passphraseDerivation: usesPassphrase = true
            case Self.rawDerivation: usesPassphrase = false
            default:
                throw StoreError.notAStoreFile(path: path, reason: "its key derivation is not one this version knows")
            }
            switch key {
            case .raw where usesPassphrase, .passphrase where !usesPassphrase:
                throw StoreError.keyKindMismatch(path: path, usesPassphrase: usesPassphrase)
            default:
                break
            }
        }
        switch key {
        case .none:
            return ValueCipher(key: nil)
        case .raw(let bytes):
            guard bytes.count == CipherKey.byteCount else {
                throw StoreError.invalidKey(reason: "a raw key is 32 bytes, not \(bytes.count)")
            }
            return ValueCipher(key: try Self.crypto { () throws(CryptoError) in try CipherKey(bytes: bytes) })
        case .passphrase(let passphrase, _):
            guard iterations >= 1 else {
                throw StoreError.invalidKey(reason: "PBKDF2 needs at least 1 iteration, not \(iterations)")
            }
            let key = try Self.crypto { () throws(CryptoError) in
                var derived = try PBKDF2.deriveKey(passphrase: passphrase, salt: salt, iterations: iterations)
                defer { SecureMemory.wipe(&derived) }  // CipherKey keeps its own copy
                return try CipherKey(bytes: derived)
            }
            return ValueCipher(key: key)
        }
    }

    /// Opens the key-check record with `cipher`.
    ///
    /// - Throws: ``StoreError/wrongKey(path:)`` when it does not open.
    func verify(_ cipher: ValueCipher, path: String) throws(StoreError) {
        guard cipher.isEncrypted else { return }
        let plaintext: [UInt8]
        do {
            plaintext = try cipher.open(keyCheck, associatedData: Self.keyCheckAssociatedData, collection: "", key: "")
        } catch {
            guard case .tampered = error else { throw error }
            throw StoreError.wrongKey(path: path)
        }
        guard plaintext == Self.keyCheckPlaintext else { throw StoreError.wrongKey(path: path) }
    }

    /// Reads the material from `store_meta`.
    static func read(from database: Database) throws(StoreError) -> KeyMaterial {
        var values: [String: (Int64, [UInt8])] = [:]
        let rows = try database.statement("SELECT name, value FROM store_meta").rows {
            ($0.text(at: 0), $0.int64(at: 1), $0.blob(at: 1))
        }
        for (name, integer, blob) in rows {
            values[name] = (integer, blob)
        }
        func text(_ name: String) throws(StoreError) -> String {
            guard let value = values[name] else {
                throw StoreError.notAStoreFile(path: database.path, reason: "its key record \(name) is missing")
            }
            return String(decoding: value.1, as: UTF8.self)
        }
        return KeyMaterial(
            encryption: try text("encryption"), derivation: try text("key_derivation"), salt: values["salt"]?.1 ?? [],
            iterations: Int(values["iterations"]?.0 ?? 0), keyCheck: values["key_check"]?.1 ?? [])
    }

    /// Writes the material to `store_meta` (inside the caller's transaction).
    func write(to database: Database) throws(StoreError) {
        let insert = try database.statement("INSERT OR REPLACE INTO store_meta(name, value) VALUES (?, ?)")
        try insert.run(["encryption", .blob(Array(encryption.utf8))])
        try insert.run(["key_derivation", .blob(Array(derivation.utf8))])
        try insert.run(["salt", .blob(salt)])
        try insert.run(["iterations", .integer(Int64(iterations))])
        try insert.run(["key_check", .blob(keyCheck)])
    }

    private static func random(count: Int) throws(StoreError) -> [UInt8] {
        try crypto { () throws(CryptoError) in try SecureRandom.bytes(count: count) }
    }

    /// What `body` returns, a crypto failure as ``StoreError/cryptoFailure(message:)``.
    private static func crypto<T>(_ body: () throws(CryptoError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError.cryptoFailure(message: error.description)
        }
    }
}
