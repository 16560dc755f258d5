extension ArticlePage {
    /// The page's inline stylesheet: a phone-sized reading column with CJK typography and a
    /// dark scheme.
    ///
    /// - Nothing is wider than the screen: images and videos shrink to fit, tables and code
    ///   blocks scroll sideways inside their own box, and long words and URLs break anywhere
    ///   (except in code blocks, which keep their lines, and table cells, which keep their
    ///   words and let the table scroll rather than squeeze a column to a letter a line).
    /// - Text uses a CJK font stack (PingFang SC, Hiragino Sans GB, Noto Sans CJK SC,
    ///   Microsoft YaHei) with a line height of 1.75.
    /// - Colours follow `prefers-color-scheme`, and `color-scheme: light dark` lets the
    ///   browser draw form controls and scrollbars to match.
    public static let stylesheet = """
        :root {
          color-scheme: light dark;
          --text: #1f2328; --muted: #656d76; --background: #ffffff; --link: #0969da;
          --code-background: #f3f4f6; --border: #d0d7de; --quote: #57606a;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --text: #e6edf3; --muted: #9198a1; --background: #0d1117; --link: #4493f8;
            --code-background: #161b22; --border: #30363d; --quote: #9198a1;
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { background: var(--background); -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
          margin: 0 auto; max-width: 42rem; padding: 16px;
          color: var(--text); background: var(--background);
          font-family: -apple-system, "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC",
            "Microsoft YaHei", sans-serif;
          font-size: 17px; line-height: 1.75;
          overflow-wrap: anywhere; word-break: normal; line-break: auto;
        }
        h1, h2, h3, h4, h5, h6 { line-height: 1.4; margin: 1.4em 0 0.6em; }
        .title { font-size: 1.5em; margin-top: 0.25em; }
        .details { color: var(--muted); font-size: 0.875em; margin: 0 0 1.5em; }
        a { color: var(--link); }
        p { margin: 0 0 1em; text-align: justify; }
        .content :where(div, section, figure, p, blockquote, ul, ol, dl, table, pre) { max-width: 100%; }
        img, video, svg, canvas { max-width: 100%; height: auto; }
        figure { margin: 1em 0; }
        table {
          display: block; max-width: 100%; overflow-x: auto;
          border-collapse: collapse; margin: 1em 0; font-size: 0.9375em;
        }
        th, td { border: 1px solid var(--border); padding: 0.3em 0.6em; min-width: 4em; overflow-wrap: normal; }
        code, kbd, samp, pre {
          font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK SC",
            monospace;
        }
        pre {
          overflow-x: auto; white-space: pre; overflow-wrap: normal; word-break: normal;
          margin: 1em 0; padding: 12px; border-radius: 6px;
          background: var(--code-background); font-size: 0.875em; line-height: 1.5; tab-size: 4;
        }
        pre code { padding: 0; background: none; white-space: inherit; overflow-wrap: normal; }
        code { padding: 0.1em 0.3em; border-radius: 4px; background: var(--code-background); font-size: 0.9em; }
        blockquote { margin: 1em 0; padding: 0 1em; border-left: 4px solid var(--border); color: var(--quote); }
        ul, ol { padding-left: 1.5em; }
        hr { border: 0; border-top: 1px solid var(--border); margin: 2em 0; }

        """
}
