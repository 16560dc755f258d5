// Linux differences of BasicNetworking, in one place (STYLE.md 17).

// On Linux, URLSession, URLRequest, HTTPURLResponse and URLProtocol live in
// FoundationNetworking, not Foundation. Re-exporting it here makes them visible to every file
// of this module and to its clients, as they are on Apple platforms through Foundation.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
