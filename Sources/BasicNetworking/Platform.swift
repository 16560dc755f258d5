// Linux and Apple differences of BasicNetworking, in one place (STYLE.md 17).

import Foundation

// On Linux, URLSession, URLRequest, HTTPURLResponse and URLProtocol live in
// FoundationNetworking, not Foundation. Re-exporting it here makes them visible to every file
// of this module and to its clients, as they are on Apple platforms through Foundation.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

enum Platform {
    /// What URLSession says happened beyond the error's code, as one line, or nil when it says
    /// nothing more.
    static func detail(of error: URLError) -> String? {
        #if canImport(FoundationNetworking)
            // Linux: FoundationNetworking puts libcurl's own message in the description
            // ("transfer closed with 900 bytes remaining to read").
            let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String
            let line = text?.split(whereSeparator: \.isNewline).joined(separator: " ")
            return line?.isEmpty == false ? line : nil
        #else
            // Apple: URLSession's description is a localized sentence that says no more than the
            // code, which the caller already puts in words (`URLError` and its codes: macOS 10.10,
            // iOS 8, tvOS 9, watchOS 2, per Apple's documentation).
            return nil
        #endif
    }
}
