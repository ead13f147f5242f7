/// The commands of `board-sync`, the executable that holds sync and its network stack
/// (ARCHITECTURE.md §13): `board` lists them in its help and hands them over; `board-sync` runs them.
public enum SyncCommands {
    /// The executable's file name, next to `board`.
    public static let executable = "board-sync"

    /// `board sync run`'s parameters besides the board's.
    public enum Run {
        public static let server = Declared.option("server", "The server's URL. Env: BOARD_SYNC_URL; config: sync_url.", value: "url")
        public static let watch = Declared.flag("watch", "Keep watching: pull within a second of another device's push (through the server's realtime channel, else by polling it every 1–10 s), push this board's changes as they are made; no database connection is held while idle.")
        public static let screen = Declared.flag("screen", "For the board screen, which starts this beside it: --watch, saying where sync stands in the status line's words, a line at a time, until the screen closes this process's input.", hidden: true)
        public static let serverReminders = Declared.option("server-reminders", "Ask the server to send your reminders while your devices sleep, to TO: a phone number, an ntfy topic, an e-mail — what its administrator's command takes; `off` stops it. Your cards' times are read in the zone your devices sync in, unless --reminder-zone pins one.", value: "to")
        public static let reminderZone = Declared.option("reminder-zone", "The zone the server reads your cards' times in for its reminders, e.g. Europe/Paris, kept whichever device syncs; `follow` lets the zone your devices sync in lead again.", value: "zone")
        public static let claimReminders = Declared.flag("claim-reminders", "For `board remind` on a board that syncs: claims on the server the reminders read from standard input (TASK_ID<tab>INSTANT a line) and prints the ones this device got (TASK_ID INSTANT a line).", hidden: true)
    }

    public static let run = CommandInfo(
        "run",
        abstract: "One round (push, pull, generate, push); with --watch, stay connected and sync whenever anything changes.",
        parameters: BoardOptions.parameters + [Run.server, Run.watch, Run.serverReminders, Run.reminderZone, Run.screen, Run.claimReminders])

    public static let status = CommandInfo(
        "status",
        abstract: "The server this board syncs with, its last successful sync, the changes waiting to be pushed, and whether the server sends your reminders.",
        parameters: BoardOptions.parameters)

    /// `board server add-user`'s parameters.
    public enum AddUser {
        public static let name = Declared.argument("name", "The person's login: lower-case letters, digits and _.")
        public static let server = Declared.requiredOption("server", "An administrator's URL.", value: "url")
        public static let password = Declared.option("password", "Their password (default: 24 random letters and digits).")
    }

    /// `board server init`'s URL.
    public static let adminURL = Declared.argument("url", "An administrator's URL.")

    public static let serverInit = CommandInfo(
        "init",
        abstract: "Create or migrate Board's schema on the server (numbered migrations; run it again after upgrading Board, else it changes nothing).",
        parameters: [adminURL])

    public static let addUser = CommandInfo(
        "add-user",
        abstract: "Create a login for a person and print the URL to give them (the password is generated unless given).",
        parameters: [AddUser.name, AddUser.server, AddUser.password])

    /// `board server run`'s and `status`'s parameters.
    public enum Replica {
        public static let server = Declared.requiredOption("server", "An administrator's URL.", value: "url")
        public static let state = Declared.option("state", "Where the replica keeps each person's board file (default: $XDG_STATE_HOME/board-server, else ~/.local/state/board-server).", value: "folder")
        public static let once = Declared.flag("once", "One pass, then exit (for cron or a test); without it, run until stopped.")
    }

    public static let serverRun = CommandInfo(
        "run",
        abstract: "Keep the server's tables (board.tasks, board.templates, …) in step with every person's change log, by Board's own merge, and serve watching devices their realtime channel (--realtime); runs until stopped.",
        parameters: [Replica.server, Replica.state, Replica.once, Remind.exec, Remind.grace,
                     Realtime.listen, Realtime.advertise, Realtime.certificate, Realtime.key, Service.logLevel, Service.maxLag])

    /// `board server run` as a service (ARCHITECTURE.md §21): how much its log says, and how far
    /// behind a person may fall before `/healthz` says the server is not keeping up.
    public enum Service {
        public static let logLevel = Declared.option("log-level", "What the log says: trace, debug, info (default: a line per pass that moved, per problem and per start and stop), notice, warning, error or critical.", value: "level")
        public static let maxLag = Declared.number("max-lag", "Seconds a change may wait for the tables before GET /healthz answers 503 (default: 60).", value: "seconds")
    }

    /// `board server run`'s realtime channel: watching devices hear of changes from it and hold no
    /// database connection while idle (ARCHITECTURE.md §19).
    public enum Realtime {
        public static let listen = Declared.option("realtime", "Serve HTTP on HOST:PORT: the realtime channel (devices learn its address at their next round), calendar feeds and shared routines' pages. TLS is required unless HOST is loopback.", value: "host:port")
        public static let advertise = Declared.option("advertise", "The address devices, feeds and links are told, when they reach the server through a proxy (default: http(s)://HOST:PORT).", value: "url")
        public static let certificate = Declared.option("tls-cert", "The channel's certificate chain (PEM).", value: "file")
        public static let key = Declared.option("tls-key", "The certificate's private key (PEM).", value: "file")
    }

    /// `board server remind`'s parameters (and `run`'s, which reminds when given --exec).
    public enum Remind {
        public static let exec = Declared.option("exec", "Run COMMAND through /bin/sh for each reminder, with BOARD_PERSON, BOARD_TO, BOARD_TITLE, BOARD_WHEN, BOARD_TASK_ID, BOARD_BUCKET and BOARD_LATE set; tried 3 times. Default for remind: a line on stdout; run reminds only with it.", value: "command")
        public static let grace = Declared.number("grace", "Deliver reminders missed by at most this many minutes, marked late; older ones are reported, never sent. Default: 10.", value: "minutes")
        public static let now = Declared.option("now", "Pretend it is this moment: YYYY-MM-DDTHH:MM[:SS] in UTC, or with a Z or an offset (for a test).", value: "instant")
    }

    public static let serverRemind = CommandInfo(
        "remind",
        abstract: "One pass of reminders sent by the server: each person who asked (`board sync --server-reminders`) gets their due reminders, each once across the server and their devices.",
        parameters: [Replica.server, Replica.state, Remind.exec, Remind.grace, Remind.now])

    public static let serverStatus = CommandInfo(
        "status",
        abstract: "How far behind each person's tables are: changes not yet in them, and the oldest one's age.",
        parameters: [Replica.server])

    /// `board share` and `board unshare`'s parameters.
    public enum Share {
        public static let routine = Declared.argument("routine", "The routine's id, or its start, as `board template list` shows it.")
        public static let with = Declared.option("with", "The person's name on the server, as `board server add-user` made it.", value: "name")
        public static let link = Declared.flag("link", "Instead of a person: a link that opens the routine's page in any browser, no account needed (the sitter ticks its steps in their own browser); `unshare --link` revokes every link of the routine.")
        public static let expires = Declared.option("expires", "How long a link opens the page: 7d, 2w … up to 365d, or never. Default: 7d.", value: "time")
        public static let json = Declared.flag("json", "Print the shares as a JSON array.")
    }

    public static let shareRoutine = CommandInfo(
        "routine",
        abstract: "Share a routine with another person on your server (--with NAME): they see it read-only, with your name, and tick its steps on their own devices; or by link (--link) with anyone, in a browser.",
        parameters: [Share.routine, Share.with, Share.link, Share.expires, Run.server] + BoardOptions.parameters)

    public static let shareList = CommandInfo(
        "list",
        abstract: "The routines you share, with whom or by link, and those shared with you, by whom.",
        parameters: [Share.json, Run.server] + BoardOptions.parameters)

    public static let unshare = CommandInfo(
        "unshare",
        abstract: "Stop sharing a routine with a person (--with NAME): it leaves their board at their next sync; or revoke its links (--link): they answer 410 Gone.",
        parameters: [Share.routine, Share.with, Share.link, Run.server] + BoardOptions.parameters)

    /// `board feed`'s parameters (ARCHITECTURE.md §22).
    public enum Feed {
        public static let name = Declared.option("name", "What calendars call it (default: Board).", value: "name")
        public static let id = Declared.argument("id", "The feed's id, or its start (at least 4 characters), as `board feed list` shows it.")
        public static let json = Declared.flag("json", "Print the feeds as a JSON array.")
    }

    public static let feedCreate = CommandInfo(
        "create",
        abstract: "Make a calendar feed of your dated cards and routine runs (30 days back, a year ahead) and print its URL, once: any calendar app subscribes to it; nothing it sends changes the board.",
        parameters: [Feed.name, Run.server] + BoardOptions.parameters)

    public static let feedList = CommandInfo(
        "list",
        abstract: "Your calendar feeds: id, name, zone, when made, and whether revoked (their URLs are never shown again).",
        parameters: [Feed.json, Run.server] + BoardOptions.parameters)

    public static let feedRevoke = CommandInfo(
        "revoke",
        abstract: "Revoke a calendar feed: its URL answers 410 Gone from now on.",
        parameters: [Feed.id, Run.server] + BoardOptions.parameters)

    /// `board feed`, as `sync`.
    public static func feed(create: CommandInfo = feedCreate, list: CommandInfo = feedList, revoke: CommandInfo = feedRevoke) -> CommandInfo {
        CommandInfo(
            group: "feed",
            abstract: "A calendar feed of your board that phones and calendar apps subscribe to, served by your sync server.",
            subcommands: [create, list, revoke])
    }

    /// `board share`, as `sync`.
    public static func share(routine: CommandInfo = shareRoutine, list: CommandInfo = shareList) -> CommandInfo {
        CommandInfo(
            group: "share",
            abstract: "Share a routine with another person on the server you sync with (`board share ROUTINE --with NAME`), by link (`--link`), or list the shares.",
            subcommands: [routine, list], defaultSubcommand: routine.name)
    }

    /// `board sync` as both executables' help says it: `board` lists its commands (it hands them
    /// over), `board-sync` gives the ones that run.
    public static func sync(run: CommandInfo = run, status: CommandInfo = status) -> CommandInfo {
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
            subcommands: [run, status], defaultSubcommand: run.name)
    }

    /// `board server`, as `sync`.
    public static func server(initialize: CommandInfo = serverInit, addUser: CommandInfo = addUser, run: CommandInfo = serverRun,
                              remind: CommandInfo = serverRemind, status: CommandInfo = serverStatus) -> CommandInfo {
        CommandInfo(
            group: "server",
            abstract: "Set up a PostgreSQL server for sync: Board's schema, and the people who use it.",
            discussion: """
                Both take the URL of an administrator of the server (a superuser, or the database's owner able to create \
                roles): postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]; a password not in the \
                URL comes from PGPASSWORD. People then sync with `board sync` and the URL `add-user` prints.
                """,
            subcommands: [initialize, addUser, run, remind, status])
    }

    /// The names `board` hands over.
    public static let names: Set<String> = [sync().name, server().name, share().name, unshare.name, feed().name]

    /// The server's URL as configured: `BOARD_SYNC_URL`, then config.toml's `sync_url`. With one,
    /// the screen starts `board-sync` beside it; whether the URL is good is for `board-sync` to say.
    public static var configuredURL: String? { Environment.value("BOARD_SYNC_URL") ?? ConfigFile.loaded.syncURL }
}
