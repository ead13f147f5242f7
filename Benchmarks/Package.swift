// swift-tools-version: 6.0
import PackageDescription

// Kept apart from the product's package so benchmark builds never slow CI.
// Run: swift run -c release --package-path Benchmarks RecurrenceBenchmark
let package = Package(
    name: "BoardBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Board", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "RecurrenceBenchmark",
            dependencies: [.product(name: "BoardModel", package: "Board")],
            path: "Sources/RecurrenceBenchmark"
        ),
    ]
)
