import BasicFormat

/// Writes help, usage lines and usage errors from a command's declarations, wrapped to a width.
struct HelpFormatter {
    /// The widest the label column of a table grows; longer labels put their help on the next line.
    static let maximumLabelColumns = 28
    /// Below this many columns left for help beside the labels, help goes under each label instead.
    static let minimumHelpColumns = 24
    /// Help is never wrapped narrower than this, however narrow the terminal.
    static let minimumWidth = 20

    let columns: Int

    init(columns: Int) {
        self.columns = max(Self.minimumWidth, columns)
    }

    // MARK: Usage

    /// `bsl json get <path> [<file>] [--pretty]`: the command's usage on one line.
    static func usage(for node: CommandNode) -> String {
        usageElements(for: node).joined(separator: " ")
    }

    /// The elements of the usage line, each unbreakable: the command's path, then its arguments,
    /// then its options, then `<command>` for a group.
    static func usageElements(for node: CommandNode) -> [String] {
        if let custom = node.configuration.usage { return [custom] }
        var elements = [node.pathString]
        for argument in node.positionals {
            elements.append(argument.isRequired ? argument.usageText : "[\(argument.usageText)]")
        }
        for option in node.options {
            elements.append(option.isRequired ? option.usageText : "[\(option.usageText)]")
        }
        if node.isGroup { elements.append("<command>") }
        return elements
    }

    /// `label` and the usage, wrapped between its elements, continuation lines under the first element.
    func wrappedUsage(for node: CommandNode, label: String) -> [String] {
        // No-break spaces keep each element whole, and the label with the command's path, while the
        // line is wrapped at the spaces between elements.
        let elements = Self.usageElements(for: node).map { $0.replacingSpaces(with: "\u{A0}") }
        let text = label.replacingSpaces(with: "\u{A0}") + elements.joined(separator: " ")
        return TextWrapper.wrap(text, toColumns: columns, continuationIndent: TextWidth.columns(of: label))
            .map { $0.replacingSpaces(with: " ", from: "\u{A0}") }
    }

    // MARK: Errors

    /// What standard error shows for a usage error: the message, the usage line, and where help is.
    /// The message stays one line, whatever its length, so that it can be searched for whole.
    func usageFailure(_ error: CommandLineError, node: CommandNode) -> String {
        var lines = ["Error: \(error.description)"]
        lines += wrappedUsage(for: node, label: "Usage: ")
        lines.append("  See '\(node.pathString) --help'.")
        return lines.joined(separator: "\n")
    }

    // MARK: Help

    /// The help of `node`: overview, discussion, usage, arguments, options and subcommands.
    func help(for node: CommandNode) -> String {
        var lines: [String] = []
        let configuration = node.configuration
        if !configuration.abstract.isEmpty {
            lines += TextWrapper.wrap("OVERVIEW: " + configuration.abstract, toColumns: columns, continuationIndent: 10)
            lines.append("")
        }
        if !configuration.discussion.isEmpty {
            lines += TextWrapper.wrap(configuration.discussion, toColumns: columns)
            lines.append("")
        }
        lines += wrappedUsage(for: node, label: "USAGE: ")

        let sections = self.sections(for: node)
        // One column for the whole page, as wide as the widest label that fits beside its help;
        // wider labels put their help on the next line.
        let labelWidths = sections.flatMap(\.rows).map { TextWidth.columns(of: $0.label) + 2 }
        let labelColumns = labelWidths.filter { $0 <= Self.maximumLabelColumns }.max() ?? Self.maximumLabelColumns
        for section in sections where !section.rows.isEmpty {
            lines += ["", section.title + ":"]
            for row in section.rows {
                lines += render(row, labelColumns: labelColumns)
            }
        }
        if node.isGroup {
            lines.append("")
            lines += TextWrapper.wrap(
                "  See '\(node.pathString) <command> --help' for a command's options.", toColumns: columns,
                continuationIndent: 2)
        }
        return lines.joined(separator: "\n")
    }

    /// One line of a help table: a label (`-y, --yes`) and its help.
    struct Row {
        var label: String
        var abstract: String
        var discussion: String = ""
    }

    /// A titled table of the help.
    struct Section {
        var title: String
        var rows: [Row]
    }

    /// ARGUMENTS, the titled option groups in the order they are declared, OPTIONS (with the
    /// built-in ones last), SUBCOMMANDS.
    func sections(for node: CommandNode) -> [Section] {
        var sections = [Section(title: "ARGUMENTS", rows: node.positionals.map(Self.row))]
        var untitled: [Row] = []
        var titled: [Section] = []
        for option in node.options {
            guard let title = option.sectionTitle else {
                untitled.append(Self.row(option))
                continue
            }
            let heading = title.uppercased()
            if let index = titled.firstIndex(where: { $0.title == heading }) {
                titled[index].rows.append(Self.row(option))
            } else {
                titled.append(Section(title: heading, rows: [Self.row(option)]))
            }
        }
        sections += titled
        if node.acceptsVersion { untitled.append(Row(label: "--version", abstract: "Show the version.")) }
        if node.isRoot {
            untitled.append(
                Row(
                    label: "\(CommandParser.completionOption) <shell>",
                    abstract: "Print a completion script for bash, zsh or fish."))
        }
        untitled.append(Row(label: "-h, --help", abstract: "Show help information."))
        sections.append(Section(title: "OPTIONS", rows: untitled))
        var commands = node.children.map { Row(label: $0.name, abstract: $0.configuration.abstract) }
        if node.isRoot && node.isGroup && node.child(named: "help") == nil {
            commands.append(Row(label: "help", abstract: "Show the help of a command (help cnblogs read)."))
        }
        sections.append(Section(title: "SUBCOMMANDS", rows: commands))
        return sections
    }

    static func row(_ definition: ArgumentDefinition) -> Row {
        Row(label: definition.helpLabel, abstract: definition.helpAbstract, discussion: definition.help.discussion)
    }

    /// A row with its help wrapped beside the label, or under it when the label is too long or
    /// the terminal too narrow.
    func render(_ row: Row, labelColumns: Int) -> [String] {
        let label = "  " + row.label
        var helpColumn = 2 + labelColumns
        if columns - helpColumn < Self.minimumHelpColumns { helpColumn = 6 }
        let indent = String(repeating: " ", count: helpColumn)
        let width = columns - helpColumn
        var help = row.abstract.isEmpty ? [] : TextWrapper.wrap(row.abstract, toColumns: width)
        if !row.discussion.isEmpty { help += TextWrapper.wrap(row.discussion, toColumns: width) }
        let labelWidth = TextWidth.columns(of: label)
        guard let first = help.first, labelWidth < helpColumn else {
            return [label] + help.map { $0.isEmpty ? "" : indent + $0 }
        }
        let padding = String(repeating: " ", count: helpColumn - labelWidth)
        return [label + padding + first] + help.dropFirst().map { $0.isEmpty ? "" : indent + $0 }
    }
}

extension String {
    /// The text with every `old` (a space by default) replaced by `new`.
    fileprivate func replacingSpaces(with new: Character, from old: Character = " ") -> String {
        String(map { $0 == old ? new : $0 })
    }
}
