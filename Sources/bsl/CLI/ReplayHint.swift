import BasicNetworking
import Foundation

/// What a cassette answers near a request it lacks, in words a person can act on:
/// `the recording answers sizes 10 and 20; use --size 10`.
///
/// A recorded request is near the missing one when it has the same method, scheme, host and
/// port, as many path segments, and differs only in query values and in path segments that are
/// numbers on both sides or that hold a value of the command line (a ``Slot``: `--size 15` in
/// `news/recent/15`, a blog's name in `blog/u/walker/posts/1/10`). When every near request
/// differs in one slot, the hint names the values the recording has for it and the option that
/// sets it; otherwise it lists the near requests' URLs.
struct ReplayHint {
    /// A value of the command line that ends up in the URL, and what it is called.
    struct Slot: Sendable {
        /// The value as the URL holds it: `15`.
        var value: String
        /// What it is, in the singular: `size`.
        var noun: String
        /// The option that sets it (`--size`); nil for an argument.
        var option: String?
        /// What they are, in the plural: `sizes`.
        var plural: String

        init(value: String, noun: String, option: String? = nil, plural: String? = nil) {
            self.value = value
            self.noun = noun
            self.option = option
            self.plural = plural ?? noun + "s"
        }
    }

    /// The most URLs a hint lists.
    static let listedURLs = 4

    let cassette: URL

    /// The hint for a request of `method` to `url` that the cassette lacks; nil when the cassette
    /// has nothing near it (or cannot be read).
    func text(missing url: String, method: String, slots: [Slot]) -> String? {
        guard let transport = try? ReplayTransport(cassette: cassette), let missing = URLComponents(string: url)
        else { return nil }
        var near: [(url: String, differences: [Difference])] = []
        for request in transport.recordedRequests where request.method == method {
            guard let recorded = URLComponents(string: request.url),
                let differences = Self.differences(from: missing, to: recorded, slots: slots), !differences.isEmpty
            else { continue }
            near.append((request.url, differences))
        }
        guard !near.isEmpty else { return nil }
        if let slot = Self.commonSlot(near.map(\.differences), slots: slots) {
            var values: [String] = []
            for (_, differences) in near where !values.contains(differences[0].recorded) {
                values.append(differences[0].recorded)
            }
            let answers =
                values.count == 1
                ? "\(slot.noun) \(values[0]) only" : "\(slot.plural) \(Self.list(values))"
            let advice = slot.option.map { "; use \($0) \(values[0])" } ?? ""
            return "the recording answers \(answers)\(advice)"
        }
        var urls = near.prefix(Self.listedURLs).map(\.url)
        if near.count > Self.listedURLs { urls.append("\(near.count - Self.listedURLs) more") }
        return "the recording answers \(method) \(Self.list(urls)) near it"
    }

    /// A place where a recorded URL differs from the missing one.
    struct Difference: Equatable {
        /// A path segment's index, or a query parameter's name.
        var place: String
        var missing: String
        var recorded: String
    }

    /// Where `recorded` differs from `missing`; nil when it is another endpoint (another host,
    /// another number of path segments, a path segment that differs and is neither a number on
    /// both sides nor a slot's value).
    static func differences(from missing: URLComponents, to recorded: URLComponents, slots: [Slot]) -> [Difference]? {
        guard missing.scheme?.lowercased() == recorded.scheme?.lowercased(),
            missing.host?.lowercased() == recorded.host?.lowercased(), missing.port == recorded.port
        else { return nil }
        let missingPath = missing.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        let recordedPath = recorded.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard missingPath.count == recordedPath.count else { return nil }
        var differences: [Difference] = []
        for (index, (left, right)) in zip(missingPath, recordedPath).enumerated() where left != right {
            let mine = left.removingPercentEncoding ?? String(left)
            let theirs = right.removingPercentEncoding ?? String(right)
            let bothNumbers = Int(mine) != nil && Int(theirs) != nil
            guard bothNumbers || slots.contains(where: { $0.value == mine }) else { return nil }
            differences.append(Difference(place: String(index), missing: mine, recorded: theirs))
        }
        let missingQuery = Self.query(missing)
        let recordedQuery = Self.query(recorded)
        for name in Set(missingQuery.keys).union(recordedQuery.keys).sorted()
        where missingQuery[name] != recordedQuery[name] {
            differences.append(
                Difference(
                    place: "?" + name, missing: missingQuery[name] ?? "", recorded: recordedQuery[name] ?? ""))
        }
        return differences
    }

    /// The slot every near request differs in, when each differs in one place only, the same
    /// place, holding exactly one slot's value.
    static func commonSlot(_ differences: [[Difference]], slots: [Slot]) -> Slot? {
        guard let first = differences.first?.first,
            differences.allSatisfy({ $0.count == 1 && $0[0].place == first.place })
        else { return nil }
        let matching = slots.filter { $0.value == first.missing }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The query's values by name, repeated names joined with `&`.
    static func query(_ components: URLComponents) -> [String: String] {
        var values: [String: [String]] = [:]
        for item in components.queryItems ?? [] { values[item.name, default: []].append(item.value ?? "") }
        return values.mapValues { $0.joined(separator: "&") }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " and " + last
    }
}
