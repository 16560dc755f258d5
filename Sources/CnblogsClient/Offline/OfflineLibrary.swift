import BasicCache
import BasicNetworking
import BasicStore
import Foundation

/// Saved articles for reading without a network: i博客园's "offline reading", on an encrypted
/// ``BasicStore/KeyValueStore`` with the images in a ``BasicCache/DataCache``.
///
/// ```swift
/// let library = try OfflineLibrary(folder: OfflineLibrary.defaultFolder(named: "bsl"))
/// let article = try await client.newsArticle(id: 551203)
/// let result = try await library.save(article, downloadingImages: true)
/// for entry in try library.entries() { print(entry.key, entry.title) }     // newest first
/// let saved = try library.article(.news, id: 551203)                        // no network needed
/// ```
///
/// The folder (made owner-only) holds `offline.sqlite` (the articles, each sealed with
/// AES-256-GCM), `offline.key` (its 32-byte key, made once, mode 600) and `images/`. What is
/// sealed is each saved value: titles, bylines, bodies. The store's row names (`post-5770214`,
/// which say what was saved) and the image files are not encrypted: the store file is made
/// mode 600 and the image folder 700, whatever the umask or the library folder's own mode.
/// Saving an article again replaces it and moves it to the front.
///
/// Opened with ``Access/readOnly``, a library lists and reads without writing anything, so it
/// works in a read-only folder and on a full disk; ``OfflineLibrary/save(_:downloadingImages:progress:)``
/// and ``OfflineLibrary/remove(_:id:)`` then throw.
///
/// Several processes may use one library: each save and each removal of an article is one
/// transaction. Images are not locked across processes: a removal that runs while another
/// process is downloading an image that both articles show may delete it; the saved page
/// then shows that image from the web. Every method
/// throws ``CnblogsError`` only: ``CnblogsError/library(path:reason:)`` for the folder or key
/// file, ``CnblogsError/storage(_:)`` for the store.
public final class OfflineLibrary: Sendable {
    /// Whether a library is opened to save and remove articles, or only to read them.
    ///
    /// ```swift
    /// let library = try OfflineLibrary(folder: folder, access: .readOnly)
    /// for entry in try library.entries() { print(entry.key, entry.title) }
    /// ```
    public enum Access: Sendable, Hashable {
        /// Save, remove and read; the folder, its key and its store are made the first time
        /// (unless `creating` is false). The default.
        case readWrite
        /// List and read only: nothing in the folder is created, changed or given new
        /// permissions, so a library reads in a read-only folder or mount and on a full disk.
        /// A folder without a library is an error, as is an empty (0-byte) store.
        case readOnly
    }

    /// The ordered collection of ``OfflineEntry`` values, newest first.
    static let listCollection = "offline-list"
    /// The keyed collection of ``Article`` values, by ``Article/key``.
    static let articleCollection = "offline-articles"
    /// How many images are downloaded at once.
    static let parallelDownloads = 4

    /// The library's folder.
    public let folder: URL
    /// Whether the library was opened to save and remove, or only to read.
    public let access: Access
    /// The library's encrypted store, opened read-only or read-write as the library was: the
    /// articles live in its `offline-…` collections, and other clients may keep their own
    /// collections in it (`bsl feeds` keeps its subscriptions there).
    public let store: KeyValueStore
    /// The images, downloaded through the pool given at creation; nil in a library opened
    /// read-only whose image folder was never made.
    let images: DataCache?
    private let now: @Sendable () -> Date

    /// Opens the library in `folder`: read-write (the default), creating the folder, its key and
    /// its store the first time unless `creating` is false; or, with `access: .readOnly`, only to
    /// list and read, creating and changing nothing.
    ///
    /// A store file of 0 bytes beside the key file holds no article: it is what a first save
    /// leaves when it stops before writing anything, or what is left of a truncated store.
    /// Read-only, it is an error that says so; read-write, the next save starts the store
    /// again in it (there is nothing in it to lose).
    ///
    /// - Parameters:
    ///   - folder: where the library lives; see ``defaultFolder(named:environment:)``.
    ///   - pool: the pool images are downloaded through (a client's ``CnblogsClient/pool`` shares its transport).
    ///   - creating: whether to make a new library when there is none; when false, a folder
    ///     without one is an error (a mistyped path then says so instead of showing an empty library).
    ///     A read-only library never makes one.
    ///   - access: ``Access/readWrite`` to save and remove, ``Access/readOnly`` to only read.
    ///   - now: the clock saving times are read from.
    /// - Throws: ``CnblogsError/library(path:reason:)`` when the folder or key file cannot be
    ///   used (a folder this user may not read, a missing key beside an existing store, a key
    ///   file others may read, no library and `creating` false or `access` read-only, an empty
    ///   store read-only); ``CnblogsError/storage(_:)`` when the store cannot be opened (wrong
    ///   key, not a store file, a read-only folder or a full disk for a read-write library).
    public init(
        folder: URL, pool: RequestPool = RequestPool(), creating: Bool = true, access: Access = .readWrite,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(CnblogsError) {
        self.folder = folder
        self.access = access
        self.now = now
        let storeFile = Self.storeFile(in: folder)
        // Asked first in every mode: a folder this user may not look into is an error, never a new library.
        let exists = try Self.exists(at: folder)
        if (!creating || access == .readOnly) && !exists {
            throw .library(
                path: folder.path, reason: "there is no offline library here; save an article first, or check the path")
        }
        let keyFile = folder.appendingPathComponent("offline.key")
        let imageFolder = folder.appendingPathComponent("images", isDirectory: true)
        if access == .readOnly {
            let key = try Self.readKey(keyFile, store: storeFile)
            try Self.checkNotEmpty(storeFile)
            store = try Self.openStore(storeFile, key: key, mode: .readOnly)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: imageFolder.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                do {
                    images = try DataCache(folder: imageFolder, pool: pool)
                } catch {
                    throw .library(path: imageFolder.path, reason: "\(error)")
                }
            } else {
                images = nil
            }
            return
        }
        try Self.prepareFolder(folder)
        let key = try Self.loadOrCreateKey(keyFile: keyFile, store: storeFile)
        store = try Self.openStore(storeFile, key: key, mode: .readWrite)
        // Owner-only whatever the umask or the folder's own mode: the row names and the images
        // are not encrypted. SQLite gives its -wal and -shm files the database file's mode.
        for suffix in ["", "-wal", "-shm"] { chmod(storeFile.path + suffix, 0o600) }
        do {
            try FileManager.default.createDirectory(
                at: imageFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(imageFolder.path, 0o700)
            images = try DataCache(folder: imageFolder, pool: pool)
        } catch {
            throw .library(path: folder.appendingPathComponent("images").path, reason: "\(error)")
        }
    }

    /// Opens the store with the library's key, turning its errors into ``CnblogsError``.
    private static func openStore(_ file: URL, key: [UInt8], mode: KeyValueStore.Mode) throws(CnblogsError)
        -> KeyValueStore
    {
        do {
            return try KeyValueStore(at: file, key: .raw(key), configuration: .init(mode: mode))
        } catch {
            throw .storage(error)
        }
    }

    /// Whether `folder` holds a library (its store file): false when the folder or the store
    /// file does not exist.
    ///
    /// - Throws: ``CnblogsError/library(path:reason:)`` when it cannot be told: this user may not
    ///   look inside the folder, or it is a file. (Such a folder is not an empty library.)
    public static func exists(at folder: URL) throws(CnblogsError) -> Bool {
        var status = stat()
        if lstat(storeFile(in: folder).path, &status) == 0 { return true }
        let error = errno
        switch error {
        case ENOENT:
            return false
        case ENOTDIR:
            throw .library(path: folder.path, reason: "it is a file, not a folder; give another --library path")
        case EACCES, EPERM:
            throw .library(path: folder.path, reason: permissionDenied(folder))
        default:
            throw .library(
                path: folder.path, reason: "cannot look inside the folder: \(String(cString: strerror(error)))")
        }
    }

    static func storeFile(in folder: URL) -> URL { folder.appendingPathComponent("offline.sqlite") }

    // MARK: Saving

    /// Saves `article` first in the list (replacing an earlier copy), after downloading its
    /// images when asked. An image that cannot be downloaded is reported in the result; the
    /// article is saved without it.
    ///
    /// - Parameters:
    ///   - downloadingImages: whether to download ``Article/imageURLs`` into the library.
    ///   - progress: called with (images done, images in all) after each image, from any thread.
    /// - Throws: ``CnblogsError/storage(_:)`` when the article cannot be written (a full disk,
    ///   a read-only folder); the list and the stored articles are then as they were (images
    ///   already downloaded stay in the cache). ``CnblogsError/library(path:reason:)`` when the
    ///   library was opened read-only.
    @discardableResult
    public func save(
        _ article: Article, downloadingImages: Bool = false,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws(CnblogsError) -> OfflineSaveResult {
        try requireWritable()
        let failures = downloadingImages ? await download(article.imageURLs, progress: progress) : []
        let savedImages = article.imageURLs.filter { images?.cachedData(for: $0) != nil }.count
        let entry = OfflineEntry(
            kind: article.kind, id: article.id, title: article.title, byline: article.byline,
            published: article.published, saved: now(), savedImages: savedImages)
        let (replaced, orphans) = try storing { store in
            try store.write { transaction in
                let existing = try Self.index(of: entry.key, in: transaction)
                if let existing { try transaction.removeItem(at: existing, in: Self.listCollection) }
                // A copy that no longer opens (tampered) is replaced all the same.
                let previous = try? transaction.value(Article.self, forKey: article.key, in: Self.articleCollection)
                try transaction.set(article, forKey: article.key, in: Self.articleCollection)
                try transaction.insert(entry, at: 0, in: Self.listCollection)
                // Images the earlier copy showed and no saved article shows now.
                let dropped = Set(previous?.imageURLs ?? []).subtracting(article.imageURLs)
                return (existing != nil, try Self.unshown(dropped, in: transaction))
            }
        }
        removeImages(orphans)
        return OfflineSaveResult(entry: entry, replacedExisting: replaced, imageFailures: failures)
    }

    /// Downloads `urls` a few at a time; answers the failures in the order of `urls`.
    private func download(
        _ urls: [URL], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) async -> [OfflineSaveResult.ImageFailure] {
        progress?(0, urls.count)
        guard let images else { return [] }  // only a read-only library has none, and it never saves
        var failures: [Int: OfflineSaveResult.ImageFailure] = [:]
        await withTaskGroup(of: (Int, OfflineSaveResult.ImageFailure?).self) { group in
            var next = 0
            var done = 0
            func addNext() {
                guard next < urls.count else { return }
                let (index, url) = (next, urls[next])
                next += 1
                group.addTask {
                    do {
                        _ = try await images.data(for: url)
                        return (index, nil)
                    } catch {
                        return (index, OfflineSaveResult.ImageFailure(url: url, reason: "\(error)"))
                    }
                }
            }
            for _ in 0..<Self.parallelDownloads { addNext() }
            while let (index, failure) = await group.next() {
                done += 1
                if let failure { failures[index] = failure }
                progress?(done, urls.count)
                addNext()
            }
        }
        return failures.sorted { $0.key < $1.key }.map(\.value)
    }

    // MARK: Reading

    /// The saved articles, newest first.
    ///
    /// - Throws: ``CnblogsError/storage(_:)``.
    public func entries() throws(CnblogsError) -> [OfflineEntry] {
        try storing { try $0.items(OfflineEntry.self, in: Self.listCollection) }
    }

    /// The saved article of `kind` with `id`, or nil when it is not in the library. Needs no network.
    ///
    /// - Throws: ``CnblogsError/storage(_:)``.
    public func article(_ kind: Article.Kind, id: Int) throws(CnblogsError) -> Article? {
        try storing { try $0.value(Article.self, forKey: Article.key(kind: kind, id: id), in: Self.articleCollection) }
    }

    /// The saved bytes of an image, or nil when it was not downloaded. Needs no network.
    public func imageData(for url: URL) -> Data? {
        images?.cachedData(for: url)
    }

    /// The saved images of `article` as `data:` URIs, for a page that needs no network.
    public func imageDataURIs(for article: Article) -> [URL: String] {
        var uris: [URL: String] = [:]
        for url in article.imageURLs {
            guard let data = images?.cachedData(for: url) else { continue }
            uris[url] = "data:\(ImageType.mimeType(of: data));base64,\(data.base64EncodedString())"
        }
        return uris
    }

    // MARK: Removing

    /// Removes the article of `kind` with `id`, and the images no other saved article shows.
    ///
    /// The article leaves the list and the store in one transaction; its images are then
    /// deleted as far as possible (one that cannot be deleted stays as an unused cache file).
    ///
    /// - Returns: whether it was in the library.
    /// - Throws: ``CnblogsError/storage(_:)``; nothing is removed then.
    ///   ``CnblogsError/library(path:reason:)`` when the library was opened read-only.
    @discardableResult
    public func remove(_ kind: Article.Kind, id: Int) throws(CnblogsError) -> Bool {
        try requireWritable()
        let key = Article.key(kind: kind, id: id)
        let orphans: Set<URL>? = try storing { store in
            try store.write { transaction in
                // An article that no longer opens (tampered) is removed all the same.
                let isStored = try transaction.contains(key, in: Self.articleCollection)
                let article = try? transaction.value(Article.self, forKey: key, in: Self.articleCollection)
                let index = try Self.index(of: key, in: transaction)
                guard isStored || index != nil else { return nil }
                if let index { try transaction.removeItem(at: index, in: Self.listCollection) }
                _ = try transaction.remove(forKey: key, in: Self.articleCollection)
                return try Self.unshown(Set(article?.imageURLs ?? []), in: transaction)
            }
        }
        guard let orphans else { return false }
        removeImages(orphans)
        return true
    }

    /// Deletes cached images; best effort, since an image left behind loses nothing.
    private func removeImages(_ urls: Set<URL>) {
        for url in urls { try? images?.remove(url) }
    }

    /// Throws when the library was opened read-only, before anything is downloaded or written.
    private func requireWritable() throws(CnblogsError) {
        guard access == .readOnly else { return }
        throw .library(
            path: folder.path, reason: "the library was opened read-only; open it with access .readWrite to change it")
    }

    /// Those of `urls` that no article in the store shows; none when an article cannot be
    /// read (it may show any of them, and keeping an image loses nothing).
    static func unshown(_ urls: Set<URL>, in transaction: KeyValueStore.ReadTransaction) throws -> Set<URL> {
        guard !urls.isEmpty else { return [] }
        var unshown = urls
        for key in try transaction.keys(in: articleCollection) where !unshown.isEmpty {
            guard let article = try? transaction.value(Article.self, forKey: key, in: articleCollection) else {
                return []
            }
            unshown.subtract(article.imageURLs)
        }
        return unshown
    }

    // MARK: Helpers

    /// The position of the entry named `key` in the list, if any.
    static func index(of key: String, in transaction: KeyValueStore.ReadTransaction) throws -> Int? {
        try transaction.items(OfflineEntry.self, in: listCollection).firstIndex { $0.key == key }
    }

    /// Runs `body` on the store, turning its errors into ``CnblogsError``.
    private func storing<T>(_ body: (KeyValueStore) throws -> T) throws(CnblogsError) -> T {
        do {
            return try body(store)
        } catch let error as StoreError {
            throw .storage(error)
        } catch let error as CnblogsError {
            throw error
        } catch {
            throw .library(path: store.url.path, reason: "\(error)")
        }
    }
}
