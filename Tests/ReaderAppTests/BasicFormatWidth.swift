import BasicFormat

enum BasicFormatWidth {
    static func columns(_ text: String) -> Int { TextWidth.columns(of: text) }
}
