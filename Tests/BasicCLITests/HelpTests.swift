import BasicCLI
import Foundation
import Testing

@Suite struct HelpTests {
    static let rootHelp = """
        OVERVIEW: A tool to test BasicCLI with.

        USAGE: tool <command>

        OPTIONS:
          --version   Show the version.
          --generate-completion-script <shell>
                      Print a completion script for bash, zsh or fish.
          -h, --help  Show help information.

        SUBCOMMANDS:
          cnblogs     Read cnblogs: lists and articles.
          money       格式化金额：千分位两位小数，或中文大写（壹仟零壹元零伍分）。
          wait        Wait a while.
          http        Send a request.
          files       Measure files.
          help        Show the help of a command (help cnblogs read).

          See 'tool <command> --help' for a command's options.
        """

    static let groupHelp = """
        OVERVIEW: Read cnblogs: lists and articles.

        The network options may be given before or after the command's name.

        USAGE: tool cnblogs [--api <api>] [--replay <replay>] [--json] <command>

        NETWORK OPTIONS:
          --api <api>        The API's base.
          --replay <replay>  Answer from the cassette folder DIR.
          --json             Print JSON.

        OPTIONS:
          -h, --help         Show help information.

        SUBCOMMANDS:
          read               Print an article as text.
          recommend          List the most recommended posts of ten days.
          offline            List the saved articles.

          See 'tool cnblogs <command> --help' for a command's options.
        """

    static let readHelp = """
        OVERVIEW: Print an article as text.

        USAGE: tool cnblogs read <id> [--api <api>] [--replay <replay>] [--json]
               [--kind <kind>] [--width <columns>] [--comments] [-v]

        ARGUMENTS:
          <id>                   The post's id.

        NETWORK OPTIONS:
          --api <api>            The API's base.
          --replay <replay>      Answer from the cassette folder DIR.
          --json                 Print JSON.

        OPTIONS:
          --kind <kind>          What the id names. (values: blog, news; default: blog)
          -w, --width <columns>  Wrap at this many columns.
          -c, --comments         Also print the comments.
          -v                     Say more.
          -h, --help             Show help information.
        """

    @Test("help of the root, a group and a leaf, exactly, at 80 columns")
    func exactHelp() async {
        for (arguments, expected) in [
            (["--help"], Self.rootHelp), (["cnblogs", "--help"], Self.groupHelp),
            (["cnblogs", "read", "--help"], Self.readHelp),
        ] {
            let (outcome, log) = await RunLog.run(arguments)
            #expect(outcome == CommandExecution(status: 0, output: expected + "\n"), "\(arguments)")
            #expect(log.isEmpty)
        }
    }

    @Test(
        "--help, -h and the help subcommand give the same help at every level, and win over errors",
        arguments: [
            ["help", "cnblogs", "read"], ["cnblogs", "help", "read"], ["cnblogs", "read", "-h"],
            ["cnblogs", "--help", "read"], ["cnblogs", "read", "--bogus", "x", "--help"],
            ["cnblogs", "--json", "read", "--width", "7", "-h"], ["help", "cnblogs", "--json", "read"],
        ])
    func helpEverywhere(arguments: [String]) async {
        let (outcome, log) = await RunLog.run(arguments)
        #expect(outcome == CommandExecution(status: 0, output: Self.readHelp + "\n"), "\(arguments)")
        #expect(log.isEmpty)
    }

    @Test("help alone is the root's help; after an unknown command, --help shows the help of where the line got")
    func helpOfWhereTheLineGot() async {
        let (help, _) = await RunLog.run(["help"])
        #expect(help == CommandExecution(status: 0, output: Self.rootHelp + "\n"))
        let (unknown, _) = await RunLog.run(["cnblogs", "frob", "--help"])
        #expect(unknown == CommandExecution(status: 0, output: Self.groupHelp + "\n"))
        // After `--`, -h is an argument, not a request for help.
        let (ended, _) = await RunLog.run(["files", "--width", "1", "--", "-h"])
        #expect(ended.status == 0)
    }

    @Test("a command lists the options of the groups above it, even those it does not read")
    func inheritedOptionsListed() throws {
        let help = try #require(Tool.helpMessage(for: ["cnblogs", "offline"]))
        #expect(
            help == """
                OVERVIEW: List the saved articles.

                USAGE: tool cnblogs offline [<action>] [<id>] [--api <api>] [--replay <replay>]
                       [--json]

                ARGUMENTS:
                  <action>           list, read or remove. (default: list)
                  <id>               The article.

                NETWORK OPTIONS:
                  --api <api>        The API's base.
                  --replay <replay>  Answer from the cassette folder DIR.
                  --json             Print JSON.

                OPTIONS:
                  -h, --help         Show help information.
                """)
    }

    @Test("help is wrapped to the width, CJK counted two columns a character, never starting a line with 。or ）")
    func wrappedHelp() throws {
        #expect(
            Tool.helpMessage(for: ["money"], columns: 40) == """
                OVERVIEW: 格式化金额：千分位两位小数，或
                          中文大写（壹仟零壹元零伍分）。

                USAGE: tool money <amount>
                       [--symbol <symbol>] [--upper]

                ARGUMENTS:
                  <amount>
                      金额：数字，可带符号与小数点。

                OPTIONS:
                  --symbol <symbol>
                      A currency symbol before the
                      digits, such as ¥.
                  --upper
                      大写：壹仟零壹元零伍分。
                  -h, --help
                      Show help information.
                """)
        #expect(
            Tool.helpMessage(for: ["money"], columns: 30) == """
                OVERVIEW: 格式化金额：千分位两
                          位小数，或中文大写
                          （壹仟零壹元零伍
                          分）。

                USAGE: tool money <amount>
                       [--symbol <symbol>]
                       [--upper]

                ARGUMENTS:
                  <amount>
                      金额：数字，可带符号与小
                      数点。

                OPTIONS:
                  --symbol <symbol>
                      A currency symbol before
                      the digits, such as ¥.
                  --upper
                      大写：壹仟零壹元零伍分。
                  -h, --help
                      Show help information.
                """)
        #expect(
            Tool.helpMessage(for: ["cnblogs", "read"], columns: 50) == """
                OVERVIEW: Print an article as text.

                USAGE: tool cnblogs read <id> [--api <api>]
                       [--replay <replay>] [--json]
                       [--kind <kind>] [--width <columns>]
                       [--comments] [-v]

                ARGUMENTS:
                  <id>                   The post's id.

                NETWORK OPTIONS:
                  --api <api>            The API's base.
                  --replay <replay>      Answer from the cassette
                                         folder DIR.
                  --json                 Print JSON.

                OPTIONS:
                  --kind <kind>          What the id names.
                                         (values: blog, news;
                                         default: blog)
                  -w, --width <columns>  Wrap at this many
                                         columns.
                  -c, --comments         Also print the comments.
                  -v                     Say more.
                  -h, --help             Show help information.
                """)
    }

    @Test(
        "no line of any help is wider than the width, but for words that cannot be cut",
        arguments: [20, 33, 47, 64, 80, 120])
    func fitsTheWidth(columns: Int) throws {
        for path in [
            [], ["cnblogs"], ["cnblogs", "read"], ["cnblogs", "recommend"], ["money"], ["wait"], ["http"], ["files"],
        ] {
            let help = try #require(Tool.helpMessage(for: path, columns: columns))
            for line in help.split(separator: "\n") where TextWidthProbe.columns(of: String(line)) > columns {
                // Only what cannot be cut may overflow, alone on its line: a word (a URL), an element
                // of the usage line, the label with the command's path, or an option's label.
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let isUsageElement = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") && !trimmed.contains("] ")
                let isUsagePath = trimmed.hasPrefix("USAGE: tool") && !trimmed.contains("<") && !trimmed.contains("[")
                let isLabel = trimmed.hasPrefix("-") && !trimmed.contains("  ")
                let isWord = !trimmed.contains(" ")
                #expect(isWord || isUsageElement || isUsagePath || isLabel, "\(path) at \(columns): \(line)")
                #expect(
                    columns < 40 || trimmed == "--generate-completion-script <shell>", "\(path) at \(columns): \(line)")
            }
        }
    }

    @Test("the default is shown from the declaration: no default written twice")
    func defaultsFromDeclarations() throws {
        let wait = try #require(Tool.helpMessage(for: ["wait"], columns: 100))
        #expect(wait.contains("--timeout <timeout>        How long each attempt may take. (default: 30s)"))
        let recommend = try #require(Tool.helpMessage(for: ["cnblogs", "recommend"], columns: 100))
        #expect(recommend.contains("--size <size>      How many entries, 1 to 100. (default: 10)"))
        #expect(recommend.contains("--page <page>      The page, from 1.\n"))
    }

    @Test("helpMessage(for:) names no command for a wrong path")
    func wrongPath() {
        #expect(Tool.helpMessage(for: ["cnblogs", "nope"]) == nil)
    }
}
