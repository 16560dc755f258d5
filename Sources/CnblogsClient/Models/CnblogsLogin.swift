/// A credential that was checked, and whose it is.
public struct CnblogsLogin: Sendable, Hashable {
    /// The credential, ready for ``CnblogsCredentialStore/save(_:)``.
    public var credential: CnblogsCredential
    /// The signed-in user the token API says it belongs to.
    public var user: CnblogsUser

    /// A login from its parts.
    public init(credential: CnblogsCredential, user: CnblogsUser) {
        self.credential = credential
        self.user = user
    }
}
