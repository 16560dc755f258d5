import BasicCLI
import Testing

@Suite struct TextWrapperTests {
    @Test(
        "lines fit the width in terminal columns, CJK two a character, breaking where a reader allows",
        arguments: [
            ("读取博客园的文章列表，按时间排序。", 12, ["读取博客园的", "文章列表，按", "时间排序。"]),
            ("读取博客园的文章列表，按时间排序。", 13, ["读取博客园的", "文章列表，按", "时间排序。"]),
            // At 20 columns, 表 would fit but the ， after it would then start a line: 表 moves down with it.
            ("读取博客园的文章列表，按时间排序。", 20, ["读取博客园的文章列", "表，按时间排序。"]),
            // 。and ， never start a line; 「 never ends one; 」 never starts one.
            ("中文，标点。", 4, ["中", "文，", "标", "点。"]),
            ("他说「你好」吧", 6, ["他说", "「你", "好」吧"]),
            // Latin words keep whole beside CJK; no space is added where there was none.
            ("用Swift写命令行工具", 10, ["用Swift写", "命令行工具"]),
            ("中文(English)。", 8, ["中文", "(English)。"]),
            ("👍👍👍", 4, ["👍👍", "👍"]),
            // A word wider than the width, such as a URL, is never cut: it takes a line of its own.
            (
                "See https://example.com/a/very/long/path for more.", 20,
                ["See", "https://example.com/a/very/long/path", "for more."]
            ),
            ("Copy https://www.cnblogs.com/p/1 now", 12, ["Copy", "https://www.cnblogs.com/p/1", "now"]),
            // Spaces between words become one; blank lines and the lines of the text are kept.
            ("a   b", 80, ["a b"]),
            ("a b\n\nc", 80, ["a b", "", "c"]),
            ("", 10, [""]),
            // A line's indentation, and a list marker, indent its continuation lines.
            ("- one two three four", 10, ["- one two", "  three", "  four"]),
            ("    code line here", 12, ["    code", "    line", "    here"]),
            // A width below 1 is 1: every unit on a line of its own, nothing lost.
            ("ab cd", 0, ["ab", "cd"]),
        ])
    func wraps(text: String, width: Int, expected: [String]) {
        #expect(TextWrapper.wrap(text, toColumns: width) == expected)
    }

    @Test("continuation lines can be indented, as help's OVERVIEW and USAGE lines are")
    func continuationIndent() {
        #expect(
            TextWrapper.wrap("OVERVIEW: aa bb cc", toColumns: 12, continuationIndent: 10)
                == ["OVERVIEW: aa", "          bb", "          cc"])
        #expect(
            TextWrapper.wrap("OVERVIEW: 格式化金额千分位", toColumns: 18, continuationIndent: 10)
                == ["OVERVIEW: 格式化金", "          额千分位"])
    }

    @Test(
        "no line is wider than the width unless it is one word, and no text is lost", arguments: [1, 5, 9, 16, 31, 60])
    func keepsEverything(width: Int) {
        let text = "BasicServices 的命令行：读取博客园（cnblogs）的新闻、博客与评论，see https://www.cnblogs.com/ for more."
        let lines = TextWrapper.wrap(text, toColumns: width)
        for line in lines where TextWidthProbe.columns(of: line) > width {
            #expect(!line.contains(" ") && !line.isEmpty, "\(line)")
        }
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        for line in lines.dropFirst() {
            #expect(!(line.first.map { "。，、）」".contains($0) } ?? false), "\(line)")
        }
    }
}
