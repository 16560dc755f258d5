import BasicCLI
import Testing

/// A tree with a mistake of each kind the check finds.
struct BadTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bad", version: "1", subcommands: [BadLeaf.self, BadGroup.self, BadLeaf.self])

    @Option(help: "A reserved name.") var version: String?
}

struct SharedOptions: ParsableArguments {
    @Option(help: "The file.") var db: String?
}

struct BadLeaf: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "leaf")

    @Option(name: .customShort("1"), help: "A digit.") var one: Int?
    @Option(name: .customLong("a b"), help: "A space.") var spaced: String?
    @Flag(name: .customShort("h"), help: "Help's.") var helpful = false
    @Option(name: .customLong("same")) var first: String?
    @Option(name: .customLong("same")) var second: String?
    @Argument(help: "The rest.") var rest: [String]
    @Argument(help: "After the rest.") var after: String
}

struct BadGroup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "group", subcommands: [BadChild.self])

    @OptionGroup var shared: SharedOptions
    @Argument(help: "A group's argument.") var word: String?
}

struct BadChild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "child")

    @Flag(name: .customLong("db"), help: "A flag where the group has an option.") var db = false
    @Argument(help: "Optional.") var first: String?
    @Argument(help: "Required after it.") var second: String
}

@Suite struct DeclarationCheckTests {
    @Test("every kind of mistake in the declarations is reported, naming the command")
    func problems() {
        #expect(
            BadTool.declarationProblems() == [
                "'bad': --version is the runner's own",
                "'bad': two subcommands are named 'leaf'",
                "'bad leaf': -1 would read as a negative number or a dash",
                "'bad leaf': 'a b' is no long name (no spaces, '=' or leading dash)",
                "'bad leaf': -h is the runner's own",
                "'bad leaf': --same is declared twice",
                "'bad leaf': <rest> takes the rest of the words, so it must come last",
                "'bad group': a group takes no arguments; its words name subcommands",
                "'bad group child': --db differs from the option of 'bad group' it shares a name with",
                "'bad group child': <second> is required but follows an optional argument",
                // The second leaf, the same type again.
                "'bad leaf': -1 would read as a negative number or a dash",
                "'bad leaf': 'a b' is no long name (no spaces, '=' or leading dash)",
                "'bad leaf': -h is the runner's own",
                "'bad leaf': --same is declared twice",
                "'bad leaf': <rest> takes the rest of the words, so it must come last",
            ])
    }

    @Test("a sound tree has none")
    func soundTree() {
        #expect(Tool.declarationProblems() == [])
    }
}

@Suite struct DeclarationCheckRunTests {
    @Test("a debug build runs nothing from a tree with mistakes, and says which", .enabled(if: isDebugBuild))
    func refusesToRun() async {
        let outcome = await BadTool.execute(["leaf"], columns: 80)
        #expect(outcome.status == 1)
        #expect(
            outcome.errorOutput.hasPrefix(
                "Error: the declarations of bad are wrong: 'bad': --version is the runner's own\n"))
        #expect(outcome.errorOutput.split(separator: "\n").count == BadTool.declarationProblems().count)
    }
}

#if DEBUG
    let isDebugBuild = true
#else
    let isDebugBuild = false
#endif
