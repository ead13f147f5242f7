// swift-tools-version: 6.0
import PackageDescription

// Kept apart from the product's package so benchmark builds never slow CI.
// Run: swift run -c release --package-path Benchmarks RecurrenceBenchmark (or StoreBenchmark)
let package = Package(
    name: "BoardBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Board", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
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
