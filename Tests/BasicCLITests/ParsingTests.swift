import BasicCLI
import Testing

@Suite struct ParsingTests {
    static let defaults = "width=- comments=false verbose=false api=- replay=- json=false"

    @Test(
        "command lines reach the command with typed values",
        arguments: [
            (["cnblogs", "read", "42"], "read id=42 kind=blog \(defaults)"),
            // A group's options before the subcommand, after it, before and after its positionals.
            (
                ["cnblogs", "--json", "read", "42"],
                "read id=42 kind=blog width=- comments=false verbose=false api=- replay=- json=true"
            ),
            (
                ["cnblogs", "read", "42", "--json"],
                "read id=42 kind=blog width=- comments=false verbose=false api=- replay=- json=true"
            ),
            (
                ["cnblogs", "read", "--json", "42"],
                "read id=42 kind=blog width=- comments=false verbose=false api=- replay=- json=true"
            ),
            (
                ["cnblogs", "--api", "https://a.example/v1", "read", "--kind", "news", "7"],
                "read id=7 kind=news width=- comments=false verbose=false api=https://a.example/v1 replay=- json=false"
            ),
            (
                ["cnblogs", "read", "7", "--api=https://a.example/?q=a=b"],
                "read id=7 kind=blog width=- comments=false verbose=false api=https://a.example/?q=a=b replay=- json=false"
            ),
            // Short flags, alone and grouped; the last of a group may take the next word as its value.
            (
                ["cnblogs", "read", "-c", "-v", "7"],
                "read id=7 kind=blog width=- comments=true verbose=true api=- replay=- json=false"
            ),
            (
                ["cnblogs", "read", "-cv", "7"],
                "read id=7 kind=blog width=- comments=true verbose=true api=- replay=- json=false"
            ),
            (
                ["cnblogs", "read", "-vw", "60", "7"],
                "read id=7 kind=blog width=60 comments=false verbose=true api=- replay=- json=false"
            ),
            (
                ["cnblogs", "read", "7", "--width=60", "-c"],
                "read id=7 kind=blog width=60 comments=true verbose=false api=- replay=- json=false"
            ),
            // Negative numbers are positional arguments, or option values; `--` ends the options.
            (["cnblogs", "read", "-5"], "read id=-5 kind=blog \(defaults)"),
            (["cnblogs", "read", "--", "-5"], "read id=-5 kind=blog \(defaults)"),
            (["money", "-1234.5"], "money amount=-1234.5 symbol= upper=false"),
            (["money", "-.5", "--symbol", "¥"], "money amount=-0.5 symbol=¥ upper=false"),
            (["money", "5", "--symbol", "-"], "money amount=5 symbol=- upper=false"),
            (["money", "--upper", "--upper", "1"], "money amount=1 symbol= upper=true"),
            (["files", "--width=-1.5", "a"], "files a table=- width=-1.5"),
            (
                ["files", "a", "--width", "-2", "b", "--table", "t.json", "--", "--c", "-h"],
                "files a,b,--c,-h table=t.json width=-2.0"
            ),
            // Repeatable options keep their order; custom long and short names.
            (
                ["http", "https://example.com/x", "--param", "a=1", "--param", "b=2", "-X", "POST", "-iy"],
                "http POST https://example.com/x params=a=1,b=2 include=true yes=true"
            ),
            (
                ["http", "-X", "PUT", "https://example.com/x"],
                "http PUT https://example.com/x params= include=false yes=false"
            ),
            (
                ["http", "https://example.com/x", "--request=PATCH"],
                "http PATCH https://example.com/x params= include=false yes=false"
            ),
            // Defaults, durations.
            (["wait"], "wait timeout=30.0 seconds older-than=- retry=0 headers= body=-"),
            (
                ["wait", "--timeout", "500ms", "--older-than", "7d"],
                "wait timeout=0.5 seconds older-than=604800.0 seconds retry=0 headers= body=-"
            ),
            // Values read by a transform: with a default, repeatable, optional.
            (
                ["wait", "--retry", "2", "--header", "Accept: text/html", "--header=X-A:1", "--body", "{}"],
                "wait timeout=30.0 seconds older-than=- retry=2 headers=Accept=text/html,X-A=1 body={}"
            ),
            (["wait", "--timeout", "0.25"], "wait timeout=0.25 seconds older-than=- retry=0 headers= body=-"),
            // Optional arguments; a group's options given to a command that does not read them.
            (["cnblogs", "offline"], "offline action=list id=-"),
            (["cnblogs", "--json", "offline", "read", "3", "--replay", "dir"], "offline action=read id=3"),
            (
                ["cnblogs", "recommend", "--size", "100", "--page", "2"],
                "recommend size=100 page=2 api=- replay=- json=false"
            ),
        ])
    func parses(arguments: [String], expected: String) async {
        let (outcome, log) = await RunLog.run(arguments)
        #expect(outcome == CommandExecution(status: 0), "\(arguments)")
        #expect(log == [expected], "\(arguments)")
    }

    @Test("the version at the root, as 'name version'")
    func version() async {
        let (outcome, log) = await RunLog.run(["--version"])
        #expect(outcome == CommandExecution(status: 0, output: "tool 1.2.3\n"))
        #expect(log.isEmpty)
    }

    @Test("a run error exits 1 with 'Error: ' and the error; a usage error thrown while running exits 64")
    func runErrors() async {
        let (failure, _) = await RunLog.run(["cnblogs", "recommend", "--page", "99"])
        #expect(failure == CommandExecution(status: 1, errorOutput: "Error: the server has no page 99\n"))
        let (usage, _) = await RunLog.run(["cnblogs", "recommend", "--page", "98"])
        #expect(usage.status == 64)
        #expect(
            usage.errorOutput.hasPrefix(
                "Error: page 98 is a usage error found while running\nUsage: tool cnblogs recommend"))
    }

    @Test("validate() of an option group and of the command run before run()")
    func validation() async {
        let (group, groupLog) = await RunLog.run(["cnblogs", "--json", "--replay", "none", "recommend"])
        #expect(group.status == 64)
        #expect(group.errorOutput.hasPrefix("Error: --json and --replay none do not mix\n"))
        #expect(groupLog.isEmpty)
        let (command, commandLog) = await RunLog.run(["cnblogs", "recommend", "--size", "0"])
        #expect(command.status == 64)
        #expect(command.errorOutput.hasPrefix("Error: --size takes 1 to 100, not 0\n"))
        #expect(commandLog.isEmpty)
    }

    @Test("the declarations of the fixture tree have no problems")
    func declarations() {
        #expect(Tool.declarationProblems() == [])
    }
}
