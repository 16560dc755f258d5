import BasicCLI
import Foundation

/// An `http` or `https` URL with a host, read from the command line (`--api`, `--site`, the URL
/// of `bsl http`), so that a malformed one is a usage error when the options are parsed rather
/// than a failed request.
///
/// ```
/// $ bsl cnblogs news --api notaurl
/// Error: the option --api needs an http or https URL with a host (write it as https://host/path), not 'notaurl'
/// ```
struct HTTPURL: ExpressibleByArgument, Sendable {
    /// The URL as typed, for help and messages.
    let text: String
    /// The URL, parsed once here: what the clients and `Endpoint` take as their base.
    let url: URL

    init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        self.text = argument
        self.url = url
    }

    static var valueDescription: String { "an http or https URL with a host (write it as https://host/path)" }

    var defaultValueDescription: String { text }

    static var defaultCompletionKind: CompletionKind { .nothing }
}
