import BasicCLI
import Testing

@Suite struct HelpPrint {
    @Test func show() async {
        for args in [["--help"], ["cnblogs", "--help"], ["cnblogs", "read", "--help"], ["money", "--help"], ["http", "-h"], ["files", "--help"], ["wait", "--help"]] {
            let (o, _) = await RunLog.run(args)
            print("=== \(args)\n\(o.output)\(o.errorOutput)=== status \(o.status)")
        }
    }
}
