// swift-tools-version: 6.0
// The BasicServices package. DESIGN.md's module table is the map: each target below sits in the
// folder the table gives and depends only on what its "may import" column allows.

import PackageDescription

let package = Package(
    name: "BasicServices",
    products: [
        .library(name: "BasicCache", targets: ["BasicCache"]),
        .library(name: "BasicCLI", targets: ["BasicCLI"]),
        .library(name: "BasicCore", targets: ["BasicCore"]),
        .library(name: "BasicCrypto", targets: ["BasicCrypto"]),
        .library(name: "BasicFormat", targets: ["BasicFormat"]),
        .library(name: "BasicLayout", targets: ["BasicLayout"]),
        .library(name: "BasicNetworking", targets: ["BasicNetworking"]),
        .library(name: "BasicRouting", targets: ["BasicRouting"]),
        .library(name: "BasicStore", targets: ["BasicStore"]),
        .library(name: "BasicXML", targets: ["BasicXML"]),
        .library(name: "BudejieClient", targets: ["BudejieClient"]),
        .library(name: "CnblogsClient", targets: ["CnblogsClient"]),
        .library(name: "FeedsClient", targets: ["FeedsClient"]),
        .executable(name: "bsl", targets: ["bsl"]),
        .executable(name: "bsl-bench", targets: ["bsl-bench"]),
    ],
    targets: [
        // C libraries from the system (Debian's -dev packages, Apple's SDKs).
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .systemLibrary(
            name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),

        // Libraries.
        .target(name: "BasicCore"),
        .target(name: "BasicCache", dependencies: ["BasicCore", "BasicCrypto", "BasicNetworking"]),
        .target(name: "BasicCLI", dependencies: ["BasicFormat"]),
        .target(
            name: "BasicCrypto",
            dependencies: [.target(name: "COpenSSL", condition: .when(platforms: [.linux]))]),
        .target(name: "BasicFormat"),
        .target(name: "BasicLayout"),
        .target(name: "BasicNetworking", dependencies: ["BasicCore"]),
        .target(name: "BasicRouting"),
        .target(name: "BasicStore", dependencies: ["BasicCore", "BasicCrypto", "CSQLite"]),
        .target(name: "BasicXML", dependencies: ["BasicCore", "CLibXML2"]),

        // Clients.
        .target(name: "BudejieClient", dependencies: ["BasicNetworking", "BasicRouting"]),
        .target(
            name: "CnblogsClient",
            dependencies: ["BasicNetworking", "BasicXML", "BasicFormat", "BasicStore", "BasicCache"]),
        .target(
            name: "FeedsClient",
            dependencies: ["BasicCore", "BasicNetworking", "BasicXML", "BasicStore", "BasicFormat"]),

        // The command-line tool and the benchmarks.
        .executableTarget(
            name: "bsl",
            dependencies: [
                "BasicCache", "BasicCore", "BasicFormat", "BasicLayout", "BasicNetworking", "BasicRouting", "BasicStore",
                "BasicXML", "BudejieClient", "CnblogsClient",
            ]),
        .executableTarget(
            name: "bsl-bench",
            dependencies: [
                "BasicCache", "BasicCore", "BasicNetworking", "BasicStore", "BasicXML", "CLibXML2", "CSQLite",
                "FeedsClient", "TestSupport",
            ],
            path: "Benchmarks/bsl-bench"),

        // Tests and what they share (bsl-bench too: its child processes start through TestSupport's
        // Subprocess). `store-stress` is the child process of BasicStore's crash and
        // two-process tests: a long-running writer that acknowledges each committed batch.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .executableTarget(name: "store-stress", dependencies: ["BasicStore"], path: "Tests/StoreStress"),
        .testTarget(
            name: "BasicCacheTests", dependencies: ["BasicCache", "BasicFormat", "BasicNetworking", "TestSupport"]),
        .testTarget(name: "BasicCLITests", dependencies: ["BasicCLI", "BasicFormat", "TestSupport"]),
        .testTarget(name: "BasicCoreTests", dependencies: ["BasicCore", "TestSupport"]),
        .testTarget(name: "BasicCryptoTests", dependencies: ["BasicCrypto", "TestSupport"]),
        .testTarget(name: "BasicFormatTests", dependencies: ["BasicFormat"]),
        .testTarget(name: "BasicLayoutTests", dependencies: ["BasicLayout", "BasicCore", "TestSupport"]),
        .testTarget(name: "BasicNetworkingTests", dependencies: ["BasicNetworking", "BasicCore", "TestSupport"]),
        .testTarget(name: "BasicRoutingTests", dependencies: ["BasicRouting"]),
        .testTarget(
            name: "BasicXMLTests", dependencies: ["BasicXML", "BasicCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BudejieClientTests", dependencies: ["BudejieClient", "TestSupport"]),
        .testTarget(name: "CnblogsClientTests", dependencies: ["CnblogsClient", "BasicFormat", "TestSupport"]),
        .testTarget(
            name: "FeedsClientTests",
            dependencies: ["FeedsClient", "BasicCore", "BasicNetworking", "BasicStore", "BasicXML", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "BasicStoreTests", dependencies: ["BasicStore", "BasicCore", "CSQLite", "TestSupport"]),
        .testTarget(
            name: "SystemLibraryTests",
            dependencies: [
                "CSQLite", "CLibXML2",
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
            ]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "BasicCore"]),
        .testTarget(name: "BSLTests", dependencies: ["BasicCore", "BasicLayout", "TestSupport"]),
    ]
)

// Settings every Swift target shares (as swift-nio's "standard cross-repo settings").
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
