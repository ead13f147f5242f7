// swift-tools-version: 6.1
import PackageDescription

// A command's start is most of its time on a small board (README "Speed"). The static Swift
// runtime links with --export-dynamic, and the dynamic loader then walks 40,000 exported
// symbols at every start (the runtime's dladdr) for nothing. GNU ld's flag: Linux only.
let quickStart: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]

// Board's own code asks for a generic type's metadata with the witness tables in hand, instead of
// by its mangled name: the runtime then checks the type's generic requirements itself, and each
// first check of a conformance scans every conformance record of the binary (Benchmarks/README.md,
// "Start-up": a Set<String> or a [Bucket: Int] cost a small `board list` 2% each).
let directMetadata: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

let package = Package(
    name: "Board",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "board", targets: ["board"]),
        .executable(name: "board-sync", targets: ["board-sync"]),
        .library(name: "BoardModel", targets: ["BoardModel"]),
        .library(name: "BoardStore", targets: ["BoardStore"]),
        .library(name: "BoardTUI", targets: ["BoardTUI"]),
        .library(name: "BoardCLI", targets: ["BoardCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The device's side of the realtime channel's HTTP stream, and TLS (what postgres-nio is built on).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The server as one service: signals and a clean stop, its log, its metrics.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The server's HTTP listener: routing, middleware, TLS, the event stream (ARCHITECTURE.md §22).
        // Without its default traits: Board reads no swift-configuration and needs no more Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // A shared routine's page: templates whose every value is escaped for HTML.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // Without pkgConfig: its -D_DEFAULT_SOURCE and -D_XOPEN_SOURCE are flags SwiftPM drops with
        // a warning; the shim defines what the wide-character API needs, the module map links.
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // prctl for board-sync, which ends with the board that started it.
        .systemLibrary(name: "CProcess"),
        // The domain: dates, recurrence, routines. Pure Swift + Foundation, no I/O.
        .target(name: "BoardModel", swiftSettings: directMetadata),
        // SQLite through GRDB: migrations, records, and the store's one-transaction writes.
        .target(name: "BoardStore", dependencies: ["BoardModel", .product(name: "GRDB", package: "GRDB.swift"),
                                                   .product(name: "GRDBSQLite", package: "GRDB.swift")], swiftSettings: directMetadata),
        // A device's side of sync through PostgreSQL (postgres-nio): the connection, rounds of push
        // and pull, the watch, the realtime stream, shares asked for by their owner.
        .target(name: "BoardSync", dependencies: ["BoardModel", "BoardStore", .product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "PostgresNIO", package: "postgres-nio"),
                                                  .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                                                  .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl")],
                swiftSettings: directMetadata),
        // `board server run` and the administrator's commands: the schema, the replica and its tables,
        // the HTTP listener (the realtime channel, feeds, pages), reminders; one service with a log and metrics.
        .target(name: "BoardServer", dependencies: ["BoardModel", "BoardStore", "BoardSync", "BoardCLI", .product(name: "GRDB", package: "GRDB.swift"),
                                                    .product(name: "PostgresNIO", package: "postgres-nio"),
                                                    .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                                                    .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                                                    .product(name: "Logging", package: "swift-log"),
                                                    .product(name: "CoreMetrics", package: "swift-metrics"),
                                                    .product(name: "Prometheus", package: "swift-prometheus"),
                                                    .product(name: "Hummingbird", package: "hummingbird"),
                                                    .product(name: "HummingbirdCore", package: "hummingbird"),
                                                    .product(name: "HummingbirdTLS", package: "hummingbird"),
                                                    .product(name: "HTTPTypes", package: "swift-http-types"),
                                                    .product(name: "Mustache", package: "swift-mustache")],
                swiftSettings: directMetadata),
        // What both executables share: the command line and its help, the options every command takes,
        // config.toml, one-line errors.
        .target(name: "BoardCLI", dependencies: ["BoardModel", "BoardStore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: directMetadata),
        // The board screen: state, actions, update, view into frames, and the one ncurses driver.
        .target(name: "BoardTUI", dependencies: ["BoardModel", "BoardStore", "CNcurses"], swiftSettings: directMetadata),
        .executableTarget(
            name: "board",
            dependencies: [
                "BoardModel",
                "BoardStore",
                "BoardTUI",
                "BoardCLI",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: directMetadata,
            linkerSettings: quickStart
        ),
        // `board sync` and `board server`, handed over by `board`: the network stack in a binary of its own.
        .executableTarget(
            name: "board-sync",
            dependencies: [
                "BoardModel",
                "BoardStore",
                "BoardSync",
                "BoardServer",
                "BoardCLI",
                "CProcess",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: directMetadata,
            linkerSettings: quickStart
        ),
        // What several test targets share (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BoardModelTests", dependencies: ["BoardModel", "TestSupport"]),
        .testTarget(name: "BoardCLITests", dependencies: ["BoardCLI"]),
        .testTarget(name: "BoardSyncTests", dependencies: ["BoardSync", "BoardStore", "BoardModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "BoardServerTests", dependencies: ["BoardServer", "BoardSync", "BoardStore", "BoardModel"]),
        .testTarget(name: "BoardStoreTests", dependencies: ["BoardStore", "BoardModel", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                                                           .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .testTarget(name: "BoardTUITests", dependencies: ["BoardTUI", "BoardStore", "BoardModel", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["Snapshots"]),
        // Drives the real `board` binary: exit codes, stdout, stderr.
        .testTarget(name: "boardTests", dependencies: ["board", "board-sync", "BoardModel", "BoardStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["Golden", "SlowCommit"]),
    ]
)
