extension FeedPerson {
    /// A person from RSS's `author`, `managingEditor` or `dc:creator` text, in the forms feeds
    /// write: `ann@example.com (Ann)` (RSS's own), `Ann (ann@example.com)`, `Ann <ann@example.com>`,
    /// `"Ann" <ann@example.com>`, a bare address (the name is then empty) or a bare name.
    ///
    /// ```swift
    /// FeedPerson(rssAuthor: "Ann Lee <ann@example.com>")   // name "Ann Lee", email "ann@example.com"
    /// FeedPerson(rssAuthor: "ann@example.com (Ann Lee)")   // the same
    /// FeedPerson(rssAuthor: "林间小路")                      // name only
    /// ```
    public init(rssAuthor text: String) {
        let text = FeedXMLElement.trimmed(text)
        // Most authors are a bare name: no address to look for.
        guard text.utf8.contains(UInt8(ascii: "@")) else {
            self.init(name: text)
            return
        }
        // `Name <email>` and `<email>`.
        if text.hasSuffix(">"), let open = text.lastIndex(of: "<") {
            let inside = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let address = Self.address(inside)
            if let address {
                self.init(name: Self.name(text[..<open]), email: address)
                return
            }
        }
        // `email (Name)` and `Name (email)`.
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            let outside = Self.name(text[..<open])
            let inside = Self.name(text[text.index(after: open)..<text.index(before: text.endIndex)])
            if let address = Self.address(outside) {
                self.init(name: inside, email: address)
                return
            }
            if let address = Self.address(inside) {
                self.init(name: outside, email: address)
                return
            }
        }
        if let address = Self.address(text) {
            self.init(name: "", email: address)
            return
        }
        self.init(name: text)
    }

    /// `text` as an e-mail address (a `mailto:` prefix dropped), when it is one: no spaces and an `@`
    /// between other characters.
    private static func address(_ text: some StringProtocol) -> String? {
        var candidate = FeedXMLElement.trimmed(String(text))
        let mailto = Array("mailto:".utf8)
        if candidate.utf8.count > mailto.count,
            zip(candidate.utf8.prefix(mailto.count), mailto).allSatisfy({ $0 | 0x20 == $1 })
        {
            candidate = String(candidate.dropFirst(mailto.count))
        }
        let bytes = candidate.utf8
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at != bytes.startIndex,
            bytes.index(after: at) != bytes.endIndex,
            !bytes.contains(where: { $0 <= 0x20 || $0 == 0x3C || $0 == 0x3E || $0 == 0x28 || $0 == 0x29 })
        else { return nil }
        return candidate
    }

    /// A name as written beside an address: trimmed, without surrounding quotes.
    private static func name(_ text: some StringProtocol) -> String {
        var name = FeedXMLElement.trimmed(String(text))
        if name.count >= 2, name.first == "\"", name.last == "\"" { name = String(name.dropFirst().dropLast()) }
        return name
    }
}
