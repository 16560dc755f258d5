import BasicCLI
import Testing

@Suite struct UsageErrorTests {
    /// The usage lines of the fixture's commands at 80 columns, as standard error shows them.
    static let usage: [String: String] = [
        "tool": "Usage: tool <command>",
        "tool cnblogs": "Usage: tool cnblogs [--api <api>] [--replay <replay>] [--json] <command>",
        "tool cnblogs read": """
        Usage: tool cnblogs read <id> [--api <api>] [--replay <replay>] [--json]
               [--kind <kind>] [--width <columns>] [--comments] [-v]
        """,
        "tool cnblogs offline": """
        Usage: tool cnblogs offline [<action>] [<id>] [--api <api>] [--replay <replay>]
               [--json]
        """,
        "tool money": "Usage: tool money <amount> [--symbol <symbol>] [--upper]",
        "tool files": "Usage: tool files <paths> ... [--table <file>] --width <points>",
        "tool wait": """
        Usage: tool wait [--timeout <timeout>] [--older-than <older-than>]
               [--retry <retry>] [--header <Name:value> ...] [--body <json>]
        """,
        "tool http": """
        Usage: tool http <url> [--param <name=value> ...] [--request <method>]
               [--include] [--yes]
        """,
    ]

    @Test(
        "every usage error: exit 64, 'Error: ' and the message, the usage line, the help hint",
        arguments: [
            (["cnblogs", "read"], "tool cnblogs read", "missing argument <id>"),
            (["cnblogs", "read", "1", "2"], "tool cnblogs read", "unexpected argument '2'"),
            (
                ["cnblogs", "read", "1", "--comment"], "tool cnblogs read",
                "unknown option '--comment'; did you mean '--comments'?"
            ),
            (
                ["cnblogs", "read", "1", "--jsno"], "tool cnblogs read",
                "unknown option '--jsno'; did you mean '--json'?"
            ),
            (["cnblogs", "read", "1", "--colour"], "tool cnblogs read", "unknown option '--colour'"),
            (
                ["cnblogs", "read", "1", "--hepl"], "tool cnblogs read",
                "unknown option '--hepl'; did you mean '--help'?"
            ),
            (["cnblogs", "raed"], "tool cnblogs", "unknown command 'raed'; did you mean 'read'?"),
            (["frob"], "tool", "unknown command 'frob'"),
            (["hlep"], "tool", "unknown command 'hlep'; did you mean 'help'?"),
            (
                ["cnblogs", "--kind", "news", "read", "1"], "tool cnblogs",
                "the option '--kind' belongs to 'tool cnblogs read': give it after the command's name"
            ),
            (["cnblogs", "read", "x"], "tool cnblogs read", "the argument <id> needs a whole number, not 'x'"),
            (
                ["cnblogs", "read", "1", "--kind", "video"], "tool cnblogs read",
                "the option --kind takes blog or news, not 'video'"
            ),
            (["cnblogs", "read", "1", "--width"], "tool cnblogs read", "the option --width needs a value (columns)"),
            (
                ["cnblogs", "read", "1", "--width", "--json"], "tool cnblogs read",
                "the option --width needs a value (columns)"
            ),
            (["cnblogs", "read", "1", "--json=yes"], "tool cnblogs read", "the flag --json takes no value"),
            (
                ["cnblogs", "read", "1", "-wc", "5"], "tool cnblogs read",
                "the option -w takes a value, so it must come last in '-wc'"
            ),
            (["cnblogs", "read", "1", "-q"], "tool cnblogs read", "unknown option '-q'"),
            (["cnblogs", "read", "1", "-cq"], "tool cnblogs read", "unknown option '-q'"),
            (["cnblogs", "read", "1", "-json"], "tool cnblogs read", "unknown option '-j'; did you mean '--json'?"),
            (
                ["cnblogs", "read", "1", "--width", "5", "-w", "6"], "tool cnblogs read",
                "the option --width is given twice"
            ),
            (
                ["http", "https://e.example", "-X", "PUT", "--request=GET"], "tool http",
                "the option --request is given twice"
            ),
            (
                ["cnblogs", "--json", "read", "1", "--api", "example.com"], "tool cnblogs read",
                "the option --api needs an absolute URL such as https://example.com/path, not 'example.com'"
            ),
            (
                ["cnblogs", "offline", "--api", "http://"], "tool cnblogs offline",
                "the option --api needs an absolute URL such as https://example.com/path, not 'http://'"
            ),
            (["money", "1e3"], "tool money", "'1e3' is not an amount: write digits, such as -1234.5"),
            (["wait", "--retry", "-1"], "tool wait", "--retry needs a count of 0 or more, not '-1'"),
            (
                ["wait", "--header", "A:1", "--header", "nocolon"], "tool wait",
                "--header needs Name:value, not 'nocolon'"
            ),
            (["wait", "--body", "[1]"], "tool wait", "--body needs a JSON object, not '[1]'"),
            (["files", "a"], "tool files", "missing option --width <points>"),
            (["files", "--width", "1"], "tool files", "missing argument <paths>"),
            (["files", "a", "--width", "wide"], "tool files", "the option --width needs a number, not 'wide'"),
            (["files", "a", "--width", "nan"], "tool files", "the option --width needs a number, not 'nan'"),
            (
                ["wait", "--timeout", "7x"], "tool wait",
                "the option --timeout needs a number with s, m, h or d (such as 30s, 1.5h or 7d; ms for milliseconds), not '7x'"
            ),
            (
                ["http", "notaurl"], "tool http",
                "the argument <url> needs an absolute URL such as https://example.com/path, not 'notaurl'"
            ),
            (
                ["--generate-completion-script", "tcsh"], "tool",
                "the option --generate-completion-script takes bash, zsh or fish, not 'tcsh'"
            ),
            (["--generate-completion-script"], "tool", "the option --generate-completion-script needs a value (shell)"),
            (["cnblogs", "--version"], "tool cnblogs", "unknown option '--version'"),
            (["help", "frob"], "tool", "unknown command 'frob'"),
            (["help", "cnblogs", "raed"], "tool cnblogs", "unknown command 'raed'; did you mean 'read'?"),
        ])
    func usageError(arguments: [String], command: String, message: String) async throws {
        let (outcome, log) = await RunLog.run(arguments)
        let usage = try #require(Self.usage[command])
        #expect(outcome.status == 64, "\(arguments)")
        #expect(outcome.output == "")
        #expect(outcome.errorOutput == "Error: \(message)\n\(usage)\n  See '\(command) --help'.\n", "\(arguments)")
        #expect(log.isEmpty)
    }

    @Test("the first error on a line is the one reported")
    func firstError() async {
        let (outcome, _) = await RunLog.run(["cnblogs", "read", "--bogus", "x", "--json=1"])
        #expect(outcome.errorOutput.hasPrefix("Error: unknown option '--bogus'\n"))
    }

    @Test("the message stays one line; the usage line wraps to the width, under its first element")
    func narrowTerminal() async {
        let (outcome, _) = await RunLog.run(["cnblogs", "--kind", "news", "read", "1"], columns: 40)
        #expect(
            outcome.errorOutput == """
                Error: the option '--kind' belongs to 'tool cnblogs read': give it after the command's name
                Usage: tool cnblogs [--api <api>]
                       [--replay <replay>] [--json]
                       <command>
                  See 'tool cnblogs --help'.

                """)
    }

    @Test("a group named without a command prints its help on standard error, exit 64", arguments: [[], ["cnblogs"]])
    func groupWithoutCommand(arguments: [String]) async throws {
        let (outcome, _) = await RunLog.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.output == "")
        let help = try #require(Tool.helpMessage(for: Array(arguments), columns: 80))
        #expect(outcome.errorOutput == help + "\n")
    }
}
