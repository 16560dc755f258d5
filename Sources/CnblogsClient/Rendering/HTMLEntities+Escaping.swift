extension HTMLEntities {
    /// The text with `&`, `<`, `>`, `"` and `'` written as references, safe inside an element
    /// and inside a quoted attribute value.
    ///
    /// ```swift
    /// HTMLEntities.escape(#"Tom & "Jerry" <3"#)   // "Tom &amp; &quot;Jerry&quot; &lt;3"
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
