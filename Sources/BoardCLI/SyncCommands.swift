/// The commands of `board-sync`, the executable that holds sync and its network stack
/// (ARCHITECTURE.md §13): `board` lists them in its help and hands them over; `board-sync` runs them.
public enum SyncCommands {
    /// The executable's file name, next to `board`.
    public static let executable = "board-sync"

    /// `board sync` as both executables' help says it; `board-sync` adds its subcommands.
    public static func sync(_ subcommands: [CommandInfo] = [], defaultSubcommand: String? = nil) -> CommandInfo {
        CommandInfo(
            group: "sync",
            abstract: "Sync this board through a PostgreSQL server: push this device's changes, pull the others'.",
            discussion: """
                The server: --server URL, else BOARD_SYNC_URL, else sync_url in config.toml — a URL that \
                `board server add-user` printed: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]; \
                a server off this machine gets TLS with its certificate and host name checked unless the URL says sslmode=disable. \
                A password not in the URL comes from PGPASSWORD or ~/.pgpass (as psql reads them). The first sync of a board \
                joins it to the account: its rows are merged with what the server holds, nothing local is dropped. \
                Working offline is normal: changes wait on the board until a sync gets through.
                """,
            subcommands: subcommands, defaultSubcommand: defaultSubcommand)
    }

    /// `board server` as both executables' help says it; `board-sync` adds its subcommands.
    public static func server(_ subcommands: [CommandInfo] = []) -> CommandInfo {
        CommandInfo(
            group: "server",
            abstract: "Set up a PostgreSQL server for sync: Board's schema, and the people who use it.",
            discussion: """
                Both take the URL of an administrator of the server (a superuser, or the database's owner able to create \
                roles): postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]; a password not in the \
                URL comes from PGPASSWORD. People then sync with `board sync` and the URL `add-user` prints.
                """,
            subcommands: subcommands)
    }

    /// The names `board` hands over.
    public static let names: Set<String> = [sync().name, server().name]

    /// The server's URL as configured: `BOARD_SYNC_URL`, then config.toml's `sync_url`. With one,
    /// the screen starts `board-sync` beside it; whether the URL is good is for `board-sync` to say.
    public static var configuredURL: String? { Environment.value("BOARD_SYNC_URL") ?? ConfigFile.loaded.syncURL }
}
