/// Renders `--help` and usage lines from a ``CommandSpec``.
enum HelpFormatter {
    /// `bsl json get <path> [<file>] [--pretty]`
    static func usage(for spec: CommandSpec, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        for argument in spec.arguments {
            let name = "<\(argument.name)>" + (argument.isVariadic ? " ..." : "")
            parts.append(argument.isOptional ? "[\(name)]" : name)
        }
        for option in spec.options {
            let text = option.isFlag ? "--\(option.name)" : "--\(option.name) <\(option.valueName ?? "value")>"
            parts.append((option.isRequired ? text : "[\(text)]") + (option.isRepeatable ? "…" : ""))
        }
        if !spec.subcommands.isEmpty {
            parts.append("<command>")  // after the group's options, which come before it
        }
        return parts.joined(separator: " ")
    }

    static func help(for spec: CommandSpec, path: [String]) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)", ""]
        if let discussion = spec.discussion {
            lines += [discussion, ""]
        }
        lines += ["USAGE: \(usage(for: spec, path: path))", ""]

        var rows: [(String, String)] = []
        if !spec.arguments.isEmpty {
            lines.append("ARGUMENTS:")
            rows = spec.arguments.map { ("<\($0.name)>", $0.help) }
            lines += table(rows)
            lines.append("")
        }
        lines.append("OPTIONS:")
        rows = spec.options.map { option in
            let short = option.short.map { "-\($0), " } ?? ""
            let value = option.valueName.map { " <\($0)>" } ?? ""
            return ("\(short)--\(option.name)\(value)", option.help)
        }
        if path.count == 1 {
            rows.append(("--version", "Show the version."))
        }
        rows.append(("-h, --help", "Show help information."))
        lines += table(rows)
        if !spec.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            lines += table(spec.subcommands.map { ($0.spec.name, $0.spec.abstract) })
            lines += ["", "  See '\(path.joined(separator: " ")) <command> --help' for a command's options."]
        }
        return lines.joined(separator: "\n")
    }

    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = min(28, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { name, help in
            let padding =
                name.count < width
                ? String(repeating: " ", count: width - name.count) : "\n  " + String(repeating: " ", count: width)
            return "  \(name)\(padding)\(help)"
        }
    }
}
