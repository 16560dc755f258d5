import Foundation
import TestSupport
import Testing

/// `bsl` as BasicCLI runs it: help at every level and `bsl help`, the version, completion
/// scripts, a group's options on either side of the command's name, usage errors.
@Suite struct BSLCLITests {
    static let bsl = TestPaths.builtProduct("bsl")

    /// Runs `bsl` without `COLUMNS`, so that help wraps at 80 as in a pipe.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> ProcessResult {
        try await ProcessRunner.run(Self.bsl, arguments, environment: ["COLUMNS": nil].merging(environment) { $1 })
    }

    /// Every command of the tree, groups included.
    static let commands: [[String]] =
        [
            [], ["json"], ["json", "get"], ["json", "set"], ["layout"], ["layout", "grid"], ["layout", "dial"],
            ["layout", "button"], ["layout", "ripple"], ["money"], ["time"], ["route"], ["cache"], ["cache", "size"],
            ["cache", "clear"], ["cache", "clean"], ["kv"], ["kv", "set"], ["kv", "get"], ["kv", "remove"],
            ["kv", "keys"], ["kv", "count"], ["kv", "rekey"], ["http"], ["http", "get"], ["http", "post"], ["budejie"],
            ["budejie", "squares"], ["xml"], ["xml", "to-json"], ["feed"], ["cnblogs"], ["cnblogs", "news"],
            ["cnblogs", "hot"], ["cnblogs", "recommend"], ["cnblogs", "blogs"], ["cnblogs", "top48"],
            ["cnblogs", "top10"], ["cnblogs", "user"], ["cnblogs", "comments"], ["cnblogs", "bloggers"],
            ["cnblogs", "read"], ["cnblogs", "save"], ["cnblogs", "offline"], ["cnblogs", "picked"],
            ["cnblogs", "search"], ["cnblogs", "bookmarks"], ["cnblogs", "login"], ["cnblogs", "logout"],
            ["cnblogs", "whoami"], ["cnblogs", "status"],
        ]
        + [
            "add", "remove", "list", "rename", "move", "set", "refresh", "items", "read", "mark-read", "unread",
            "search",
            "import", "export",
        ].map { ["feeds", $0] } + [["feeds"]]

    @Test("--help, -h and bsl help print the same help for every command, wrapped to 80 columns", arguments: commands)
    func help(command: [String]) async throws {
        let long = try await Self.run(command + ["--help"])
        #expect(long.status == 0, "\(long.standardError)")
        #expect(long.standardOutput.hasPrefix("OVERVIEW: "), "\(command)")
        #expect(long.standardOutput.contains("USAGE: bsl"), "\(command)")
        let short = try await Self.run(command + ["-h"])
        #expect(short.standardOutput == long.standardOutput)
        let subcommand = try await Self.run(["help"] + command)
        #expect(subcommand.status == 0)
        #expect(subcommand.standardOutput == long.standardOutput, "\(command)")
        for line in long.standardOutput.split(separator: "\n") {
            #expect(line.count <= 80, "\(command): \(line)")
        }
    }

    @Test("--version prints the version at the root only")
    func version() async throws {
        let root = try await Self.run(["--version"])
        #expect(root.status == 0)
        #expect(root.standardOutput == "bsl 0.1.0\n")
        let below = try await Self.run(["json", "--version"])
        #expect(below.status == 64)
        #expect(below.standardError.hasPrefix("Error: unknown option '--version'"), "\(below.standardError)")
    }

    @Test("a group named without a command prints its help on standard error, exit 64")
    func groupWithoutCommand() async throws {
        let result = try await Self.run(["cnblogs"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("OVERVIEW: Read cnblogs"))
    }

    @Test(
        "usage errors say what is wrong, suggest the near name, and show the usage line (exit 64)",
        arguments: [
            (["json", "get", "a", "--prety"], "Error: unknown option '--prety'; did you mean '--pretty'?"),
            (["cnblogs", "nwes"], "Error: unknown command 'nwes'; did you mean 'news'?"),
            (
                ["kv", "--pretty", "get", "k"],
                "Error: the option '--pretty' belongs to 'bsl kv get': give it after the command's name"
            ),
            (["cnblogs", "news", "--size", "ten"], "Error: the option --size needs a whole number, not 'ten'"),
            (
                ["cache", "clean", "/tmp/x", "--older-than", "7d", "--by", "birth"],
                "Error: the option --by takes modification or access, not 'birth'"
            ),
            (["time", "0", "--locale", "fr"], "Error: the option --locale takes zh or en, not 'fr'"),
            (["json", "get", "a", "--pretty=yes"], "Error: the flag --pretty takes no value"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix(message + "\n"), "\(result.standardError)")
        #expect(result.standardError.contains("\nUsage: bsl \(arguments[0])"), "\(result.standardError)")
        #expect(result.standardError.contains("See 'bsl "))
    }

    @Test("cnblogs read declares no --page or --size, and reads none")
    func readOptions() async throws {
        let help = try await Self.run(["cnblogs", "read", "--help"])
        #expect(!help.standardOutput.contains("--page"))
        #expect(!help.standardOutput.contains("--size"))
        let result = try await Self.run(["cnblogs", "read", "5770214", "--size", "5"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: unknown option '--size'"), "\(result.standardError)")
    }

    @Test("the cnblogs options are listed in every cnblogs command's help, under their titles")
    func cnblogsOptionsInHelp() async throws {
        for command in Self.commands where command.first == "cnblogs" {
            let help = try await Self.run(command + ["--help"])
            for option in ["--api <url>", "--library <path>", "--json", "--replay <dir>", "--timeout <seconds>"] {
                #expect(help.standardOutput.contains(option), "\(command): \(option)")
            }
            #expect(help.standardOutput.contains("CNBLOGS OPTIONS:"), "\(command)")
            #expect(help.standardOutput.contains("NETWORK OPTIONS:"), "\(command)")
        }
    }

    // MARK: Completion scripts

    /// The shell at `/usr/bin/NAME` or `/bin/NAME`, if this machine has it.
    static func installed(_ name: String) -> URL? {
        ["/usr/bin/", "/bin/"].map { URL(fileURLWithPath: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static let bash = installed("bash")
    static let zsh = installed("zsh")
    static let fish = installed("fish")

    /// bsl's completion script for `shell`, written into a folder of its own.
    static func script(for shell: String, named name: String) async throws -> (TemporaryDirectory, URL) {
        let result = try await Self.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.standardError)")
        let folder = try TemporaryDirectory(prefix: "BSLCompletion")
        let file = folder.path(name)
        try result.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        return (folder, file)
    }

    @Test(
        "bash accepts the bash script, and completing `bsl cnblogs re` offers read and recommend",
        .enabled(if: bash != nil, "bash is not installed"),
        arguments: [
            (["bsl", "cnblogs", "re"], ["read", "recommend"]),
            (["bsl", "kv", "get", "--d"], ["--db"]),
            (["bsl", "cache", "clean", "x", "--by", ""], ["modification", "access"]),
            (["bsl", "http", "post", "-X", ""], ["POST", "PUT", "PATCH", "DELETE"]),
            (["bsl", "--generate-completion-script", ""], ["bash", "zsh", "fish"]),
            (["bsl", "help", "cnblogs", "o"], ["offline"]),
        ])
    func bashCompletion(words: [String], expected: [String]) async throws {
        let bash = try #require(Self.bash)
        let (folder, file) = try await Self.script(for: "bash", named: "bsl.bash")
        let syntax = try await ProcessRunner.run(bash, ["-n", file.path])
        #expect(syntax.status == 0, "\(syntax.standardError)")
        // COMP_WORDS and COMP_CWORD as bash sets them for the line typed so far, the cursor at the end.
        let driver =
            #"source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _bsl; printf '%s\n' "${COMPREPLY[@]}""#
        let result = try await ProcessRunner.run(
            bash, ["--norc", "--noprofile", "-c", driver, file.path] + words, currentDirectory: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").map(String.init).sorted() == expected.sorted(), "\(words)")
    }

    @Test("zsh accepts the zsh script", .enabled(if: zsh != nil, "zsh is not installed (an optional test tool)"))
    func zshScript() async throws {
        let zsh = try #require(Self.zsh)
        let (folder, file) = try await Self.script(for: "zsh", named: "_bsl")
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("#compdef bsl\n"))
        let result = try await ProcessRunner.run(zsh, ["-n", file.path])
        #expect(result.status == 0, "\(result.standardError)")
        withExtendedLifetime(folder) {}
    }

    @Test(
        "fish accepts the fish script and completes `bsl cnblogs re`",
        .enabled(if: fish != nil, "fish is not installed (an optional test tool)"))
    func fishScript() async throws {
        let fish = try #require(Self.fish)
        let (folder, file) = try await Self.script(for: "fish", named: "bsl.fish")
        defer { withExtendedLifetime(folder) {} }
        let syntax = try await ProcessRunner.run(fish, ["--no-config", "-n", file.path])
        #expect(syntax.status == 0, "\(syntax.standardError)")
        let result = try await ProcessRunner.run(
            fish, ["--no-config", "-c", "source '\(file.path)'; complete -C'bsl cnblogs re'"])
        let offered = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }
        #expect(offered.sorted() == ["read", "recommend"], "\(result.standardOutput)")
    }
}
