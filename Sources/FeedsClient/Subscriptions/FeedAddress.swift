import Foundation

/// Feed addresses: checked when given, and compared the way servers treat them.
enum FeedAddress {
    /// `text` as an http or https URL with a host.
    ///
    /// - Throws: ``FeedsError/invalidURL(_:reason:)`` saying what is wrong with it.
    static func validated(_ text: String) throws(FeedsError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed) else {
            throw .invalidURL(text, reason: "it is not a URL")
        }
        return try validated(url, as: text)
    }

    /// `url` when it is an http or https URL with a host.
    ///
    /// - Throws: ``FeedsError/invalidURL(_:reason:)`` saying what is wrong with it.
    static func validated(_ url: URL, as text: String? = nil) throws(FeedsError) -> URL {
        let text = text ?? url.absoluteString
        guard let scheme = url.scheme?.lowercased() else {
            throw .invalidURL(text, reason: "it is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL(text, reason: "\(scheme): addresses are not fetched, only http and https ones")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidURL(text, reason: "it has no host")
        }
        return url
    }

    /// The form two addresses of one feed share: scheme and host in lower case, no default port,
    /// no fragment, `/` for an empty path.
    static func normalized(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url.absoluteString
        }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        if (components.scheme == "http" && components.port == 80)
            || (components.scheme == "https" && components.port == 443)
        {
            components.port = nil
        }
        components.fragment = nil
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        return components.string ?? url.absoluteString
    }
}
