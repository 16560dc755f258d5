import Foundation

/// The signed-in user, as the token API's `users` endpoint describes them: what `login` checks a
/// token with and `whoami` shows.
public struct CnblogsUser: Sendable, Hashable, Codable {
    /// The account's id (`UserId`, a GUID).
    public var userID: String?
    /// The name shown on the site (`DisplayName`).
    public var displayName: String
    /// The user's blog (`BlogApp`); nil for an account without one.
    public var blogapp: String?
    /// The blog's numeric id (`BlogId`).
    public var blogID: Int?
    /// The avatar (`Avatar`, else `Face`).
    public var avatar: URL?
    /// How long the user has been a member, as the site words it (`Seniority`, `3年2个月`).
    public var seniority: String?
    /// Followers (`FollowerCount`).
    public var followerCount: Int?
    /// Followed (`FollowingCount`).
    public var followingCount: Int?

    /// A user from their parts.
    public init(
        userID: String? = nil, displayName: String, blogapp: String? = nil, blogID: Int? = nil, avatar: URL? = nil,
        seniority: String? = nil, followerCount: Int? = nil, followingCount: Int? = nil
    ) {
        self.userID = userID
        self.displayName = displayName
        self.blogapp = blogapp
        self.blogID = blogID
        self.avatar = avatar
        self.seniority = seniority
        self.followerCount = followerCount
        self.followingCount = followingCount
    }
}
