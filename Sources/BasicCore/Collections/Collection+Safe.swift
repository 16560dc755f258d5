extension Collection {
    /// The element at `index`, or `nil` when the index is out of bounds.
    ///
    /// ```swift
    /// let titles = ["a", "b"]
    /// titles[safe: 5]   // nil, where titles[5] traps
    /// ```
    public subscript(safe index: Index) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

extension Optional where Wrapped: Collection {
    /// Whether the value is `nil` or an empty string, array, dictionary or other collection.
    ///
    /// ```swift
    /// let token: String? = ""
    /// token.isNilOrEmpty   // true
    /// ```
    public var isNilOrEmpty: Bool {
        self?.isEmpty ?? true
    }
}

extension Optional where Wrapped: StringProtocol {
    /// Whether the value is `nil`, empty, or only whitespace and line ends.
    public var isNilOrBlank: Bool {
        guard let self else { return true }
        return self.allSatisfy(\.isWhitespace)
    }
}
