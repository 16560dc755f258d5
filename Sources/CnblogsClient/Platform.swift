// Linux and Apple differences of CnblogsClient, in one place (STYLE.md 17). The files that make
// POSIX calls (Offline/OfflineLibrary+Folder.swift: open, link, fsync) still import Glibc or
// Darwin themselves; what differs beyond the module's name is here.

import Foundation

enum Platform {
    /// The folder for an application's data named `name`.
    ///
    /// - Parameter environment: where `XDG_DATA_HOME` and `HOME` are read, on Linux.
    static func applicationDataFolder(named name: String, environment: [String: String]) -> URL {
        #if canImport(Darwin)
            // Apple platforms: the Application Support folder. Availability, from Apple's
            // documentation: FileManager's `urls(for:in:)` since macOS 10.6, iOS 4, tvOS 9,
            // watchOS 2, visionOS 1; `.applicationSupportDirectory` and `NSHomeDirectory()` since
            // macOS 10.0, iOS 2 (tvOS 9, watchOS 2, visionOS 1). All are older than the package's
            // minimums. In a sandboxed app it is the container's own folder, where an app's
            // library belongs; `environment` is not read.
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Application Support")
            return base.appendingPathComponent(name, isDirectory: true)
        #else
            // Linux: the XDG base directory spec's data home, `$XDG_DATA_HOME/<name>`, else
            // `~/.local/share/<name>`; a relative XDG_DATA_HOME is invalid and is ignored.
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent(name, isDirectory: true)
            }
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            return URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share", isDirectory: true)
                .appendingPathComponent(name, isDirectory: true)
        #endif
    }
}
