/// Which news list to read.
public enum CnblogsNewsList: String, Sendable, Hashable, Codable, CaseIterable {
    /// The latest news: the site's news feed, the API's `NewsItems`, the legacy `news/recent`.
    case latest
    /// The hot news: the API's `NewsItems/@hot`, the legacy `news/hot`.
    case hot
    /// The recommended news: the API's `NewsItems/@recommended`, the legacy `news/recommend`.
    case recommended
}
