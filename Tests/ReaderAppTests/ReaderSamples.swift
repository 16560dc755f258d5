import BasicFormat
import BasicTerminal
import CnblogsClient
import Foundation
import ReaderApp

/// Entries, articles and a clock for the model's tests.
enum ReaderSamples {
    /// 2026-03-12 12:00 in Shanghai.
    static let now = Date(timeIntervalSince1970: 1_773_288_000)

    static let formatter: TimeFormatter = {
        // Asia/Shanghai exists in every tz database; a fixed offset is the fallback.
        let zone = TimeZone(identifier: "Asia/Shanghai") ?? TimeZone(secondsFromGMT: 8 * 3600) ?? .current
        return TimeFormatter(timeZone: zone, now: { now })
    }()

    static let titles = [
        "Swift 6 的严格并发：把全局可变状态关进 Mutex", "Rust 与 C++ - 内存模型对照",
        "Kubernetes 排错手记：Pod 一直 Pending 的七种原因", "读《重构》第二版：\"小步快跑\"的真正含义",
        ".NET 9 里的 System.Threading.Lock 到底快在哪", "React 19 的 use() 与 Suspense：一次讲清楚",
    ]

    /// `count` posts, a minute to a few hours old, titles repeating with their number.
    static func entries(_ count: Int) -> [ReaderEntry] {
        (0..<count).map { index in
            ReaderEntry(
                kind: .post, id: 1000 + index, title: "\(index + 1). " + titles[index % titles.count],
                byline: index % 2 == 0 ? "南山行者" : "codewriter",
                published: now.addingTimeInterval(-Double(index * 1500 + 30)),
                link: URL(string: "https://www.cnblogs.com/nanshan-walker/p/\(1000 + index)"), blogapp: "nanshan-walker"
            )
        }
    }

    /// An article of `paragraphs` numbered paragraphs.
    static func article(for entry: ReaderEntry, paragraphs: Int = 40) -> Article {
        let html = (1...paragraphs).map { "<p>第 \($0) 段：把全局可变状态关进 Mutex，编译器就能证明没有数据竞争。</p>" }.joined()
        return Article(
            kind: .post, id: entry.id, title: entry.title, author: entry.byline, link: entry.link, html: html)
    }
}

extension ReaderModel {
    /// Feeds `keys` one by one, returning every effect.
    mutating func press(_ keys: Key...) -> [ReaderEffect] {
        keys.flatMap { handle(.key($0)) }
    }

    /// Feeds the characters of `text` as keys.
    mutating func type(_ text: String) -> [ReaderEffect] {
        text.flatMap { handle(.key(.character($0))) }
    }
}
