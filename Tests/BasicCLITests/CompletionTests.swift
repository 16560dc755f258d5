import BasicCLI
import Foundation
import TestSupport
import Testing

@Suite struct CompletionTests {
    static let bash = URL(fileURLWithPath: "/bin/bash")
    static let zsh = Self.installed("zsh")
    static let fish = Self.installed("fish")

    /// The shell at `/usr/bin/NAME` or `/bin/NAME`, if this machine has it.
    static func installed(_ name: String) -> URL? {
        ["/usr/bin/", "/bin/"].map { URL(fileURLWithPath: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A temporary folder holding `script`, and a folder `work` in it holding `a-dir/`, `notes.txt`
    /// and `routes.json` to complete.
    static func folder(with script: String, named name: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(prefix: "BasicCLITests")
        try script.write(to: folder.path(name), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.path("work/a-dir"), withIntermediateDirectories: true)
        try Data().write(to: folder.path("work/notes.txt"))
        try Data().write(to: folder.path("work/routes.json"))
        return folder
    }

    @Test("--generate-completion-script prints the script of each shell, from the same declarations")
    func printsScripts() async {
        for shell in CompletionShell.allCases {
            let (outcome, _) = await RunLog.run(["--generate-completion-script", shell.rawValue])
            #expect(outcome == CommandExecution(status: 0, output: Tool.completionScript(for: shell)))
            let (inline, _) = await RunLog.run(["--generate-completion-script=\(shell.rawValue)"])
            #expect(inline.output == outcome.output)
        }
        #expect(Tool.completionScript(for: .bash).contains("complete -F _tool tool"))
        #expect(Tool.completionScript(for: .zsh).hasPrefix("#compdef tool\n"))
        #expect(Tool.completionScript(for: .fish).contains("complete -c tool -f\n"))
    }

    @Test("bash -n accepts the bash script, also of a tree with every kind of mistake")
    func bashSyntax() async throws {
        for script in [Tool.completionScript(for: .bash), BadTool.completionScript(for: .bash)] {
            let folder = try Self.folder(with: script, named: "tool.bash")
            let result = try await ProcessRunner.run(Self.bash, ["-n", folder.path("tool.bash").path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError == "")
        }
    }

    @Test(
        "bash completes subcommands, options and values where the cursor is",
        arguments: [
            (["tool", "cnblogs", "re"], ["read", "recommend"]),
            (["tool", ""], ["cnblogs", "money", "wait", "http", "files", "help"]),
            (["tool", "cnblogs", ""], ["read", "recommend", "offline", "help"]),
            (["tool", "cnblogs", "--api", "https://x.example", "re"], ["read", "recommend"]),
            (["tool", "cnblogs", "--json", "o"], ["offline"]),
            (["tool", "help", "cnblogs", "o"], ["offline"]),
            (["tool", "help", ""], ["cnblogs", "money", "wait", "http", "files"]),
            (
                ["tool", "cnblogs", "read", "--"],
                ["--api", "--replay", "--json", "--kind", "--width", "--comments", "--help"]
            ),
            (["tool", "cnblogs", "read", "--w"], ["--width"]),
            (
                ["tool", "cnblogs", "read", "-"],
                ["--api", "--replay", "--json", "--kind", "--width", "-w", "--comments", "-c", "-v", "-h", "--help"]
            ),
            (["tool", "cnblogs", "offline", "--r"], ["--replay"]),
            (["tool", "--"], ["--version", "--generate-completion-script", "--help"]),
            (["tool", "cnblogs", "read", "--kind", ""], ["blog", "news"]),
            (["tool", "cnblogs", "read", "--kind", "n"], ["news"]),
            (["tool", "cnblogs", "read", "--kind", "=", "n"], ["news"]),
            (["tool", "cnblogs", "read", "--kind", "="], ["=blog", "=news"]),
            (["tool", "--generate-completion-script", ""], ["bash", "zsh", "fish"]),
            (["tool", "cnblogs", "--replay", ""], ["a-dir"]),
            (["tool", "files", "--table", ""], ["a-dir", "routes.json"]),
            (["tool", "files", "--width", "375", "a", ""], ["a-dir", "notes.txt", "routes.json"]),
            (["tool", "cnblogs", "read", ""], []),
            (["tool", "cnblogs", "read", "-cw", "80", "--k"], ["--kind"]),
            (["tool", "cnblogs", "read", "7", "--", "-"], []),
        ])
    func bashCompletes(words: [String], expected: [String]) async throws {
        let folder = try Self.folder(with: Tool.completionScript(for: .bash), named: "tool.bash")
        // COMP_WORDS and COMP_CWORD as bash sets them for the line typed so far, the cursor at the end.
        let driver =
            #"source ../tool.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tool; printf '%s\n' "${COMPREPLY[@]}""#
        let result = try await ProcessRunner.run(
            Self.bash, ["--norc", "--noprofile", "-c", driver, "bash"] + words, currentDirectory: folder.path("work"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        let offered = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(offered.sorted() == expected.sorted(), "\(words)")
    }

    @Test("zsh -n accepts the zsh script", .enabled(if: zsh != nil, "zsh is not installed"))
    func zshSyntax() async throws {
        let zsh = try #require(Self.zsh)
        for script in [Tool.completionScript(for: .zsh), BadTool.completionScript(for: .zsh)] {
            let folder = try Self.folder(with: script, named: "_tool")
            let result = try await ProcessRunner.run(zsh, ["-n", folder.path("_tool").path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError == "")
        }
    }

    @Test(
        "zsh offers subcommands, options and values where the cursor is (zsh's completers stubbed to print)",
        .enabled(if: zsh != nil, "zsh is not installed"),
        arguments: [
            (["tool", "cnblogs", "re"], ["read", "recommend"]),
            (["tool", ""], ["cnblogs", "money", "wait", "http", "files", "help"]),
            (["tool", "cnblogs", "--api", "https://x.example", "re"], ["read", "recommend"]),
            (["tool", "help", "cnblogs", "o"], ["offline"]),
            (["tool", "cnblogs", "read", "--w"], ["--width"]),
            (["tool", "cnblogs", "offline", "--j"], ["--json"]),
            (["tool", "cnblogs", "read", "--kind", ""], ["blog", "news"]),
            (["tool", "--generate-completion-script", ""], ["bash", "zsh", "fish"]),
            (["tool", "cnblogs", "--replay", ""], ["_files -/"]),
            (["tool", "files", "--table", ""], ["_files -g *.json"]),
            (["tool", "cnblogs", "read", "-cw", "80", ""], ["_message a value"]),
        ])
    func zshCompletes(words: [String], expected: [String]) async throws {
        let zsh = try #require(Self.zsh)
        let folder = try Self.folder(with: Tool.completionScript(for: .zsh), named: "_tool")
        // zsh's completers print what they would offer; _describe and compadd keep the words that
        // start with the one at the cursor, as zsh would.
        let driver = #"""
            compdef() { }
            _describe() { local entry; for entry in "${(@P)4}"; do [[ "${entry%%:*}" == "${words[CURRENT]}"* ]] && print -r -- "${entry%%:*}"; done; return 0; }
            compadd() { shift; local word; for word in "$@"; do [[ "$word" == "${words[CURRENT]}"* ]] && print -r -- "$word"; done; return 0; }
            _files() { print -r -- "_files $*"; }
            _message() { print -r -- "_message $*"; }
            source ../_tool
            words=("$@"); CURRENT=$#
            _tool
            """#
        let result = try await ProcessRunner.run(
            zsh, ["-f", "-c", driver, "zsh"] + words, currentDirectory: folder.path("work"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        let offered = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(offered.sorted() == expected.sorted(), "\(words)")
    }

    @Test("fish -n accepts the fish script", .enabled(if: fish != nil, "fish is not installed"))
    func fishSyntax() async throws {
        let fish = try #require(Self.fish)
        for script in [Tool.completionScript(for: .fish), BadTool.completionScript(for: .fish)] {
            let folder = try Self.folder(with: script, named: "tool.fish")
            let result = try await ProcessRunner.run(fish, ["--no-config", "-n", folder.path("tool.fish").path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError == "")
        }
    }

    @Test(
        "fish completes subcommands, options and values, with their descriptions",
        .enabled(if: fish != nil, "fish is not installed"),
        arguments: [
            (
                "tool cnblogs re",
                ["read\tPrint an article as text.", "recommend\tList the most recommended posts of ten days."]
            ),
            ("tool --json", []),
            (
                "tool cnblogs --api https://x.example re",
                ["read\tPrint an article as text.", "recommend\tList the most recommended posts of ten days."]
            ),
            ("tool help cnblogs o", ["offline\tList the saved articles."]),
            ("tool cnblogs read --w", ["--width\tWrap at this many columns."]),
            ("tool cnblogs offline --j", ["--json\tPrint JSON."]),
            ("tool cnblogs read --kind ", ["blog\tWhat the id names.", "news\tWhat the id names."]),
            (
                "tool --generate-completion-script ",
                [
                    "bash\tPrint a completion script.", "fish\tPrint a completion script.",
                    "zsh\tPrint a completion script.",
                ]
            ),
            ("tool cnblogs --replay ", ["a-dir/\tDirectory"]),
            ("tool files --table ", ["a-dir/\tThe route table.", "routes.json\tThe route table."]),
            ("tool files --width 375 ", ["a-dir/", "notes.txt", "routes.json"]),
        ])
    func fishCompletes(line: String, expected: [String]) async throws {
        let fish = try #require(Self.fish)
        let folder = try Self.folder(with: Tool.completionScript(for: .fish), named: "tool.fish")
        let result = try await ProcessRunner.run(
            fish, ["--no-config", "-c", "source ../tool.fish; complete -C\(CompletionTestsQuoting.fish(line))"],
            currentDirectory: folder.path("work"))
        #expect(result.status == 0, "\(result.standardError)")
        let offered = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(offered.sorted() == expected.sorted(), "\(line)")
    }
}

enum CompletionTestsQuoting {
    /// `text` in single quotes for fish.
    static func fish(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
