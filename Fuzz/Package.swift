// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzz targets, one per parser (ARCHITECTURE.md §14), kept apart from the
// product's package as Benchmarks/ is. Build and run them with scripts/fuzz: it passes
// -sanitize=fuzzer,address to every Swift module, so the parsers themselves are instrumented.
// GNU gold stops with an internal error on these instrumented objects; LLVM's lld, shipped with Swift, links them.
let lld: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]

let package = Package(
    name: "BoardFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Board", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // What every target asserts of a refusal, and the in-memory board the importers write to.
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: [
            "CFuzzerDriver",
            .product(name: "BoardModel", package: "Board"),
            .product(name: "BoardStore", package: "Board"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .executableTarget(name: "FuzzPhrase", dependencies: ["FuzzSupport", .product(name: "BoardModel", package: "Board")], linkerSettings: lld),
        .executableTarget(name: "FuzzRRule", dependencies: ["FuzzSupport", .product(name: "BoardModel", package: "Board")], linkerSettings: lld),
        .executableTarget(name: "FuzzChange", dependencies: ["FuzzSupport", .product(name: "BoardModel", package: "Board")], linkerSettings: lld),
        .executableTarget(name: "FuzzEvents", dependencies: ["FuzzSupport", .product(name: "BoardModel", package: "Board")], linkerSettings: lld),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzSupport", .product(name: "BoardCLI", package: "Board")], linkerSettings: lld),
        .executableTarget(name: "FuzzDocument", dependencies: [
            "FuzzSupport", .product(name: "BoardModel", package: "Board"), .product(name: "BoardStore", package: "Board"),
        ], linkerSettings: lld),
        .executableTarget(name: "FuzzTaskwarrior", dependencies: [
            "FuzzSupport", .product(name: "BoardModel", package: "Board"), .product(name: "BoardStore", package: "Board"),
        ], linkerSettings: lld),
        .executableTarget(name: "FuzzCalendar", dependencies: [
            "FuzzSupport", .product(name: "BoardModel", package: "Board"), .product(name: "BoardStore", package: "Board"),
        ], linkerSettings: lld),
    ]
)
