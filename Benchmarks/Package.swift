// swift-tools-version: 6.0
import PackageDescription

// Kept apart from the product's package so benchmark builds never slow CI.
// Run: swift run -c release --package-path Benchmarks RecurrenceBenchmark (or StoreBenchmark)

// Linked as `board` is (the product's Package.swift says why): the floor must not pay what Board doesn't.
let quickStart: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
let package = Package(
    name: "BoardBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Board", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The floor under a one-shot command: GRDB opening a board and counting its cards (start.sh).
        .executableTarget(
            name: "OpenFloor",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/OpenFloor",
            linkerSettings: quickStart
        ),
        .executableTarget(
            name: "RecurrenceBenchmark",
            dependencies: [.product(name: "BoardModel", package: "Board")],
            path: "Sources/RecurrenceBenchmark"
        ),
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                .product(name: "BoardModel", package: "Board"),
                .product(name: "BoardStore", package: "Board"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/StoreBenchmark"
        ),
        .executableTarget(
            name: "ScreenBenchmark",
            dependencies: [
                .product(name: "BoardModel", package: "Board"),
                .product(name: "BoardStore", package: "Board"),
                .product(name: "BoardTUI", package: "Board"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ScreenBenchmark"
        ),
    ]
)
