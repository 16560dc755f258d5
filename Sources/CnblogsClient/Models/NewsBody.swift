import BasicCore
import Foundation

/// A news item's body (`news/item/{id}`).
///
/// JSON holds every field, a nil one as `null` (`@ExplicitNull`), so that each object has the same keys.
public struct NewsBody: Sendable, Hashable, Codable {
    /// The item's id.
    public var id: Int
    /// The title, decoded.
    public var title: String
    /// The publisher (`<SourceName>`); nil when empty.
    @ExplicitNull public var sourceName: String?
    /// When it was submitted: the API's `SubmitDate` (`2016-08-13 23:41:00`) read as China time.
    public var submitted: Date
    /// The body's HTML, decoded once, with `\n` line ends.
    public var html: String
    /// The body's images (`<ImageUrl>` split on `;`), repaired into valid URLs; empty when none.
    public var imageURLs: [URL]
    /// The previous item's id; nil when the API sends `0` or nothing.
    @ExplicitNull public var previousID: Int?
    /// The next item's id; nil when the API sends `0` or nothing.
    @ExplicitNull public var nextID: Int?
    /// Comments.
    public var commentCount: Int

    /// Creates a news body.
    public init(
        id: Int, title: String, sourceName: String? = nil, submitted: Date, html: String, imageURLs: [URL] = [],
        previousID: Int? = nil, nextID: Int? = nil, commentCount: Int = 0
    ) {
        self.id = id
        self.title = title
        self.sourceName = sourceName
        self.submitted = submitted
        self.html = html
        self.imageURLs = imageURLs
        self.previousID = previousID
        self.nextID = nextID
        self.commentCount = commentCount
    }
}
