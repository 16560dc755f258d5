// swift-tools-version: 6.0
// The fuzz harnesses of BasicServices: a package of its own beside the main one, which it
// depends on by path, so that the main package's `swift build` and `swift test` stay as they
// are. Build and run them with `Fuzz/run` (README: Contributing): they need
// `-sanitize=fuzzer,address`, which only a release build links.
//
// The harness bodies (Sources/FuzzHarnesses) are compiled here as `Harnesses` and in the main
// package as `FuzzHarnesses`, whose FuzzFindingsTests replay every input in Findings/ with them.

import PackageDescription

let harnesses = ["json", "key-path", "xml", "feed", "html", "route", "money-time", "cassette"]

func library(_ name: String) -> Target.Dependency {
    .product(name: name, package: "BasicServices")
}

let package = Package(
    name: "BasicServicesFuzz",
    dependencies: [.package(name: "BasicServices", path: "..")],
    targets: [
        .target(
            name: "Harnesses",
            dependencies: [
                library("BasicCore"), library("BasicFormat"), library("BasicNetworking"), library("BasicRouting"),
                library("BasicXML"), library("CnblogsClient"),
            ],
            path: "Sources/FuzzHarnesses")
    ]
        + harnesses.map { name in
            .executableTarget(name: "fuzz-\(name)", dependencies: ["Harnesses"], path: "Sources/fuzz-\(name)")
        }
)

for target in package.targets {
    target.swiftSettings = [.enableUpcomingFeature("ExistentialAny")]
}
