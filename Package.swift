// swift-tools-version: 6.0
// The BasicServices package. ARCHITECTURE.md's module table is the map: each target below sits
// in the folder the table gives and depends only on what its "may import" column allows.

import PackageDescription

#if canImport(Glibc)
    import Glibc
#endif

/// The folder this manifest is in.
let packageRoot = String(#filePath.dropLast("Package.swift".count))

/// Whether the C library here reads packed relative relocations (DT_RELR, glibc 2.36 and
/// later): an executable that has them does not start where it does not.
let loaderReadsPackedRelocations: Bool = {
    #if os(Linux) && canImport(Glibc)
        // "glibc 2.36"; empty where the C library is another.
        var name = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return false }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let version = text.split(separator: " ").last ?? ""
        let parts = version.split(separator: ".").compactMap { Int($0) }
        return parts.count >= 2 && (parts[0], parts[1]) >= (2, 36)
    #else
        return false
    #endif
}()

/// How `bsl`'s release build on Linux is linked, for a start that touches fewer pages (BENCHMARKS.md,
/// startup): by lld, with the functions a start runs placed together (`Sources/bsl/startup.order`,
/// written by `Scripts/startup-order.py`; a function it names that no longer exists is skipped),
/// and, where the C library reads them, the executable's relative relocations packed (DT_RELR:
/// 16 KB for the loader to read instead of 2 MB of RELA entries). Unsafe flags keep a product
/// from being used by other packages: they are on the executable only, which none uses.
let startupLayout: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld",
            "-Xlinker", "--symbol-ordering-file=\(packageRoot)Sources/bsl/startup.order",
            "-Xlinker", "--no-warn-symbol-ordering",
        ] + (loaderReadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "BasicServices",
    // Synchronization's Mutex and Atomic (macOS 15, iOS 18, …) set the floor; ARCHITECTURE.md
    // says why, and Scripts/check-availability.py checks that nothing newer is used unguarded.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "BasicServices", targets: ["BasicServices"]),
        .library(name: "BasicCache", targets: ["BasicCache"]),
        .library(name: "BasicCLI", targets: ["BasicCLI"]),
        .library(name: "BasicCore", targets: ["BasicCore"]),
        .library(name: "BasicCrypto", targets: ["BasicCrypto"]),
        .library(name: "BasicFormat", targets: ["BasicFormat"]),
        .library(name: "BasicLayout", targets: ["BasicLayout"]),
        .library(name: "BasicNetworking", targets: ["BasicNetworking"]),
        .library(name: "BasicRouting", targets: ["BasicRouting"]),
        .library(name: "BasicStore", targets: ["BasicStore"]),
        .library(name: "BasicTerminal", targets: ["BasicTerminal"]),
        .library(name: "BasicXML", targets: ["BasicXML"]),
        .library(name: "BudejieClient", targets: ["BudejieClient"]),
        .library(name: "CnblogsClient", targets: ["CnblogsClient"]),
        .library(name: "FeedsClient", targets: ["FeedsClient"]),
        .library(name: "ReaderApp", targets: ["ReaderApp"]),
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
        .target(name: "BasicCLI", dependencies: ["BasicFormat"]),
        // The lock every module with shared state uses (its Locking.swift): Synchronization's
        // Mutex, or one on pthread_mutex_t that ThreadSanitizer sees when built with
        // -Xswiftc -DBASIC_TSAN_LOCKS. Internal: no product.
        .target(name: "BasicLocking"),
        .target(
            name: "BasicCache", dependencies: ["BasicCore", "BasicCrypto", "BasicLocking", "BasicNetworking"]),
        .target(
            name: "BasicCrypto",
            dependencies: ["BasicLocking", .target(name: "COpenSSL", condition: .when(platforms: [.linux]))]),
        .target(name: "BasicFormat", dependencies: ["BasicCore"]),
        .target(name: "BasicLayout", dependencies: ["BasicFormat"]),
        .target(name: "BasicNetworking", dependencies: ["BasicCore", "BasicLocking"]),
        .target(name: "BasicRouting"),
        .target(name: "BasicStore", dependencies: ["BasicCore", "BasicCrypto", "BasicLocking", "CSQLite"]),
        .target(name: "BasicXML", dependencies: ["BasicCore", "BasicFormat", "CLibXML2"]),
        // A real terminal: raw mode, keys, a grid of cells and its diff renderer (termios and ANSI).
        .target(name: "BasicTerminal", dependencies: ["BasicFormat", "BasicLocking"]),

        // The umbrella: every library above but BasicCLI and BasicTerminal (for terminal programs,
        // not apps; ARCHITECTURE.md), re-exported.
        .target(
            name: "BasicServices",
            dependencies: [
                "BasicCache", "BasicCore", "BasicCrypto", "BasicFormat", "BasicLayout", "BasicNetworking",
                "BasicRouting",
                "BasicStore", "BasicXML",
            ]),

        // Clients.
        .target(name: "BudejieClient", dependencies: ["BasicCore", "BasicFormat", "BasicNetworking", "BasicRouting"]),
        .target(
            name: "CnblogsClient",
            dependencies: [
                "BasicCore", "BasicNetworking", "BasicXML", "BasicFormat", "BasicStore", "BasicCache", "BasicLocking",
            ]),
        .target(
            name: "FeedsClient",
            dependencies: ["BasicCore", "BasicNetworking", "BasicXML", "BasicStore", "BasicFormat", "BasicLocking"]),

        // The interactive reader (`bsl reader`): its screens, on BasicTerminal.
        .target(
            name: "ReaderApp",
            dependencies: [
                "BasicFormat", "BasicTerminal", "CnblogsClient", "BasicCache", "BasicLayout", "BasicNetworking",
                "BasicRouting",
                "BudejieClient", "FeedsClient",
            ]),

        // The command-line tool and the benchmarks.
        .executableTarget(
            name: "bsl",
            dependencies: [
                "BasicCache", "BasicCLI", "BasicCore", "BasicFormat", "BasicLayout", "BasicLocking", "BasicNetworking",
                "BasicRouting", "BasicStore", "BasicTerminal", "BasicXML", "BudejieClient", "CnblogsClient",
                "FeedsClient", "ReaderApp",
            ],
            exclude: ["startup.order"],
            linkerSettings: startupLayout),
        .executableTarget(
            name: "bsl-bench",
            dependencies: [
                "BasicCache", "BasicCore", "BasicNetworking", "BasicStore", "BasicXML", "CLibXML2", "CSQLite",
                "FeedsClient", "TestSupport",
                // The reader suite: the model and the diff renderer in process.
                "BasicFormat", "BasicTerminal", "CnblogsClient", "ReaderApp",
            ],
            path: "Benchmarks/bsl-bench"),

        // Tests and what they share (bsl-bench too: its child processes start through TestSupport's
        // Subprocess). `store-stress` is the child process of BasicStore's crash and
        // two-process tests: a long-running writer that acknowledges each committed batch.
        .target(name: "TestSupport", dependencies: ["BasicTerminal"], path: "Tests/TestSupport"),
        .executableTarget(name: "store-stress", dependencies: ["BasicStore"], path: "Tests/StoreStress"),
        // The fuzz harnesses' bodies, shared with the Fuzz/ package, and the test that replays
        // every input they ever found (Fuzz/Findings/) through them, one fuzz-replay child each.
        .target(
            name: "FuzzHarnesses",
            dependencies: ["BasicCore", "BasicFormat", "BasicNetworking", "BasicRouting", "BasicXML", "CnblogsClient"],
            path: "Fuzz/Sources/FuzzHarnesses"),
        .executableTarget(name: "fuzz-replay", dependencies: ["FuzzHarnesses"], path: "Tests/FuzzReplay"),
        .testTarget(name: "FuzzFindingsTests", dependencies: ["FuzzHarnesses", "TestSupport"]),
        // Proves ThreadSanitizer still catches a race with BASIC_TSAN_LOCKS on (LockingTests).
        .executableTarget(name: "tsan-probe", dependencies: ["BasicLocking"], path: "Tests/TSanProbe"),
        .testTarget(
            name: "BasicCacheTests",
            dependencies: ["BasicCache", "BasicCore", "BasicFormat", "BasicLocking", "BasicNetworking", "TestSupport"]),
        .testTarget(name: "BasicCLITests", dependencies: ["BasicCLI", "BasicFormat", "BasicLocking", "TestSupport"]),
        .testTarget(name: "BasicCoreTests", dependencies: ["BasicCore", "TestSupport"]),
        .testTarget(name: "BasicLockingTests", dependencies: ["BasicLocking", "TestSupport"]),
        .testTarget(name: "BasicCryptoTests", dependencies: ["BasicCrypto", "TestSupport"]),
        .testTarget(name: "BasicFormatTests", dependencies: ["BasicFormat", "TestSupport"]),
        .testTarget(name: "BasicLayoutTests", dependencies: ["BasicLayout", "BasicCore", "TestSupport"]),
        .testTarget(
            name: "BasicNetworkingTests",
            dependencies: ["BasicNetworking", "BasicCore", "BasicLocking", "TestSupport"]),
        .testTarget(name: "BasicRoutingTests", dependencies: ["BasicRouting"]),
        .testTarget(
            name: "ReaderAppTests",
            dependencies: [
                "ReaderApp", "BasicFormat", "BasicNetworking", "BasicTerminal", "CnblogsClient", "TestSupport",
                "BasicCache", "BudejieClient", "FeedsClient",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "BasicTerminalTests", dependencies: ["BasicTerminal", "BasicFormat", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "BasicXMLTests", dependencies: ["BasicXML", "BasicCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BudejieClientTests", dependencies: ["BudejieClient", "BasicNetworking", "TestSupport"]),
        .testTarget(
            name: "CnblogsClientTests",
            dependencies: [
                "CnblogsClient", "BasicCore", "BasicFormat", "BasicLocking", "BasicNetworking", "BasicStore",
                "BasicXML",
                "TestSupport",
            ]),
        .testTarget(
            name: "FeedsClientTests",
            dependencies: [
                "FeedsClient", "BasicCore", "BasicLocking", "BasicNetworking", "BasicStore", "BasicXML", "TestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "BasicStoreTests",
            dependencies: ["BasicStore", "BasicCore", "BasicCrypto", "BasicLocking", "CSQLite", "TestSupport"]),
        .testTarget(
            name: "SystemLibraryTests",
            dependencies: [
                "CSQLite", "CLibXML2",
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
            ]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "BasicCore", "BasicLocking"]),
        .testTarget(name: "BSLTests", dependencies: ["BasicCore", "BasicFormat", "BasicLayout", "TestSupport"]),
        .testTarget(name: "BasicServicesTests", dependencies: ["BasicServices"]),
        // The repository's own checks: the module map (ARCHITECTURE.md) and Apple availability.
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport"]),
    ]
)

// Settings every Swift target shares (as swift-nio's "standard cross-repo settings").
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
