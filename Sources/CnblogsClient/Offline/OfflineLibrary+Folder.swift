import BasicStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OfflineLibrary {
    /// The platform's folder for an application's data: `$XDG_DATA_HOME/<name>`, else
    /// `~/.local/share/<name>` on Linux; `~/Library/Application Support/<name>` on Apple platforms.
    ///
    /// ```swift
    /// let library = try OfflineLibrary(folder: OfflineLibrary.defaultFolder(named: "bsl"))
    /// ```
    ///
    /// - Parameter environment: where `XDG_DATA_HOME` and `HOME` are read (the process's by default).
    public static func defaultFolder(
        named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        #if canImport(Darwin)
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Application Support")
            return base.appendingPathComponent(name, isDirectory: true)
        #else
            // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and is ignored.
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent(name, isDirectory: true)
            }
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            return URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share", isDirectory: true)
                .appendingPathComponent(name, isDirectory: true)
        #endif
    }

    /// Creates `folder` (owner-only) when missing; fails when it is a file.
    static func prepareFolder(_ folder: URL) throws(CnblogsError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .library(path: folder.path, reason: "it is a file, not a folder; give another --library path")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .library(path: folder.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// The library's key: read from `keyFile`, or made and written there (mode 600) when
    /// neither it nor the store exists yet.
    static func loadOrCreateKey(keyFile: URL, store: URL) throws(CnblogsError) -> [UInt8] {
        if FileManager.default.fileExists(atPath: keyFile.path) { return try readKey(keyFile) }
        if FileManager.default.fileExists(atPath: store.path) {
            throw .library(
                path: keyFile.path,
                reason: "the key file is missing, so the saved articles in \(store.lastPathComponent) cannot be read; "
                    + "restore the key file, or move the library folder away to start a new one")
        }
        let key: [UInt8]
        do throws(StoreError) {
            guard case .raw(let bytes) = try StoreKey.randomRaw() else {
                // randomRaw always answers a raw key; this is for the type checker.
                throw .cryptoFailure(message: "no raw key was generated")
            }
            key = bytes
        } catch {
            throw .storage(error)
        }
        // O_EXCL: when another process made the key first, use that one.
        let descriptor = open(keyFile.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return try readKey(keyFile) }
            throw .library(
                path: keyFile.path, reason: "cannot create the key file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == key.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(keyFile.path)
            throw .library(path: keyFile.path, reason: "cannot write the key file: \(reason)")
        }
        return key
    }

    /// Reads the 32-byte key, refusing a key file others may read (as ssh refuses such a private key).
    static func readKey(_ keyFile: URL) throws(CnblogsError) -> [UInt8] {
        var status = stat()
        guard stat(keyFile.path, &status) == 0 else {
            throw .library(path: keyFile.path, reason: "cannot read the key file: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .library(path: keyFile.path, reason: "the key file is not a regular file")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw .library(
                path: keyFile.path,
                reason: "the key file may be read by others (mode \(String(mode, radix: 8))); "
                    + "run `chmod 600 \(keyFile.path)`")
        }
        guard let data = FileManager.default.contents(atPath: keyFile.path) else {
            throw .library(path: keyFile.path, reason: "cannot read the key file")
        }
        guard data.count == 32 else {
            throw .library(
                path: keyFile.path,
                reason: "the key file holds \(data.count) bytes, not 32; restore it from a backup")
        }
        return [UInt8](data)
    }
}
