import BasicStore
import Foundation

extension Subscriptions {
    /// Imports an OPML file's feeds, all or nothing, without fetching them (their items come with
    /// the next refresh).
    ///
    /// ```swift
    /// let report = try subscriptions.importOPML(Data(contentsOf: file))
    /// print("\(report.added.count) added, \(report.duplicates.count) subscribed already")
    /// ```
    ///
    /// Each feed outline's `title` (else `text`) becomes the subscription's title, its folder path
    /// its folder, its `htmlUrl` its site. Feeds subscribed already, or listed earlier in the file,
    /// are reported as duplicates and left as they are.
    ///
    /// - Throws: ``FeedsError/invalidOPML(reason:)`` for a file that is not OPML (malformed,
    ///   hostile, too large); ``FeedsError/invalidOPMLEntries(_:)`` listing every entry whose
    ///   `xmlUrl` or `htmlUrl` is not an http or https URL (`javascript:`, `file:`, `data:`…);
    ///   ``FeedsError/storage(_:)``. Nothing is imported then.
    @discardableResult
    public func importOPML(_ data: Data) throws(FeedsError) -> OPMLImportReport {
        try add(try OPMLDocument(parsing: data).entries)
    }

    /// Subscribes to `entries` (from an OPML file, a preset), all or nothing; see ``importOPML(_:)``.
    ///
    /// - Throws: ``FeedsError/invalidOPMLEntries(_:)``, ``FeedsError/storage(_:)``.
    @discardableResult
    public func add(_ entries: [OPMLEntry]) throws(FeedsError) -> OPMLImportReport {
        let checked = try Self.checked(entries)
        let moment = now()
        return try withStore {
            try store.write { tx in
                var all = try FeedStore.subscriptions(tx)
                var taken = Set(all.map(\.id))
                var position = all.map(\.position).max() ?? 0
                var report = OPMLImportReport(added: [], duplicates: [])
                for (entry, url, site) in checked {
                    if Self.find(url.absoluteString, in: all) != nil {
                        report.duplicates.append(entry)
                        continue
                    }
                    position += 1
                    let id = Self.newID(for: url, taken: taken)
                    taken.insert(id)
                    var subscription = Subscription(id: id, url: url, added: moment, position: position)
                    subscription.customTitle = Self.cleanTitle(entry.title)
                    subscription.folder = Self.cleanFolder(entry.folder)
                    subscription.siteURL = site
                    try FeedStore.save(subscription, tx)
                    all.append(subscription)
                    report.added.append(subscription)
                }
                return report
            }
        }
    }

    /// The subscriptions as an OPML document, in list order with their folders: its ``OPMLDocument/data``
    /// imported into an empty library gives the same subscriptions, titles, folders and sites.
    ///
    /// ```swift
    /// try subscriptions.exportOPML().data.write(to: file)
    /// ```
    ///
    /// - Throws: ``FeedsError/storage(_:)``.
    public func exportOPML(title: String = "Subscriptions") throws(FeedsError) -> OPMLDocument {
        let entries = try subscriptions().map { subscription in
            OPMLEntry(
                url: subscription.url.absoluteString,
                title: subscription.customTitle ?? subscription.feedTitle,
                siteURL: subscription.siteURL?.absoluteString,
                folder: subscription.folder)
        }
        return OPMLDocument(title: title, entries: entries)
    }

    /// Checks that every entry's addresses are http or https URLs, without touching a store: what
    /// ``add(_:)`` and ``importOPML(_:)`` refuse, found before a library is opened or made.
    ///
    /// ```swift
    /// try Subscriptions.check(try OPMLDocument(parsing: data).entries)   // then open the store
    /// ```
    ///
    /// - Throws: ``FeedsError/invalidOPMLEntries(_:)`` listing every entry whose `xmlUrl` or
    ///   `htmlUrl` is not an http or https URL.
    public static func check(_ entries: [OPMLEntry]) throws(FeedsError) {
        _ = try checked(entries)
    }

    /// The URL `address` (text a user typed; white space around it ignored) names, checked as
    /// ``add(_:title:folder:)`` checks it before it fetches anything: an http or https URL with a
    /// host.
    ///
    /// ```swift
    /// let url = try Subscriptions.check(address: " https://example.org/feed.xml ")
    /// try Subscriptions.check(address: "ftp://example.org/")   // ftp: addresses are not fetched, …
    /// ```
    ///
    /// - Throws: ``FeedsError/invalidURL(_:reason:)`` saying what is wrong with it.
    @discardableResult
    public static func check(address: String) throws(FeedsError) -> URL {
        try FeedAddress.validated(address)
    }

    /// The entries with their addresses as URLs.
    private static func checked(_ entries: [OPMLEntry]) throws(FeedsError) -> [(entry: OPMLEntry, url: URL, site: URL?)]
    {
        var problems: [OPMLProblem] = []
        var checked: [(entry: OPMLEntry, url: URL, site: URL?)] = []
        for entry in entries {
            let url: URL
            do {
                url = try FeedAddress.validated(entry.url)
            } catch {
                problems.append(OPMLProblem(entry: entry, reason: reason(error, field: "xmlUrl")))
                continue
            }
            var site: URL?
            if let written = entry.siteURL {
                do {
                    site = try FeedAddress.validated(written)
                } catch {
                    problems.append(OPMLProblem(entry: entry, reason: reason(error, field: "htmlUrl")))
                    continue
                }
            }
            checked.append((entry, url, site))
        }
        guard problems.isEmpty else { throw .invalidOPMLEntries(problems) }
        return checked
    }

    /// Why an address of an OPML entry is refused.
    private static func reason(_ error: FeedsError, field: String) -> String {
        if case .invalidURL(_, let reason) = error { return "its \(field) \(reason)" }
        return "its \(field): \(error)"
    }
}
