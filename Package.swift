// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Board",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "board", targets: ["board"]),
        .library(name: "BoardModel", targets: ["BoardModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The domain: dates, recurrence, routines. Pure Swift + Foundation, no I/O.
        .target(name: "BoardModel"),
        .executableTarget(
            name: "board",
            dependencies: [
                "BoardModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "BoardModelTests", dependencies: ["BoardModel"]),
        // Drives the real `board` binary: exit codes, stdout, stderr.
        .testTarget(name: "boardTests", dependencies: ["board", "BoardModel"]),
    ]
)
