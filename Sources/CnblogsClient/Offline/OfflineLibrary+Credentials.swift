extension OfflineLibrary {
    /// The cnblogs credential kept in this library's encrypted store, beside the saved articles
    /// (sealed with the library's key, in a collection of its own).
    ///
    /// ```swift
    /// let library = try OfflineLibrary(folder: OfflineLibrary.defaultFolder(named: "bsl"))
    /// try library.credentials.save(.personalAccessToken(Secret(token)))
    /// let client = CnblogsClient(credential: try library.credentials.credential())
    /// ```
    ///
    /// A library opened ``Access/readOnly`` reads the credential; saving or removing it then throws.
    public var credentials: CnblogsCredentialStore { CnblogsCredentialStore(store: store) }
}
