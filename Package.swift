// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Board",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "board", targets: ["board"]),
        .library(name: "BoardModel", targets: ["BoardModel"]),
        .library(name: "BoardStore", targets: ["BoardStore"]),
        .library(name: "BoardTUI", targets: ["BoardTUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The domain: dates, recurrence, routines. Pure Swift + Foundation, no I/O.
        .target(name: "BoardModel"),
        // SQLite through GRDB: migrations, records, and the store's one-transaction writes.
        .target(name: "BoardStore", dependencies: ["BoardModel", .product(name: "GRDB", package: "GRDB.swift")]),
        // Sync through PostgreSQL (postgres-nio): the server's schema and people, rounds of push and pull.
        .target(name: "BoardSync", dependencies: ["BoardModel", "BoardStore", .product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "PostgresNIO", package: "postgres-nio")]),
        // The board screen: state, actions, update, view into frames, and the one ncurses driver.
        .target(name: "BoardTUI", dependencies: ["BoardModel", "BoardStore", "CNcurses"]),
        .executableTarget(
            name: "board",
            dependencies: [
                "BoardModel",
                "BoardStore",
                "BoardTUI",
                "BoardSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // A command's start is most of its time on a small board (README "Bulk"). The static
            // Swift runtime links with --export-dynamic, and the dynamic loader then walks 40,000
            // exported symbols at every start (the runtime's dladdr) for nothing.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]
        ),
        .testTarget(name: "BoardModelTests", dependencies: ["BoardModel"]),
        .testTarget(name: "BoardStoreTests", dependencies: ["BoardStore", "BoardModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "BoardTUITests", dependencies: ["BoardTUI", "BoardStore", "BoardModel", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["Snapshots"]),
        // Drives the real `board` binary: exit codes, stdout, stderr.
        .testTarget(name: "boardTests", dependencies: ["board", "BoardModel", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["Golden"]),
    ]
)
