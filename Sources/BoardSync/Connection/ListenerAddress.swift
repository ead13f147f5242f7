/// Where `board server run` serves its HTTP listener, as the server recorded it (`board.realtime`,
/// ARCHITECTURE.md §19): a feed's or a page's URL is that address and the path.
public enum ListenerAddress {
    /// `address` (with or without a trailing slash) followed by `path` (which starts with one).
    public static func url(_ address: String, path: String) -> String {
        (address.hasSuffix("/") ? String(address.dropLast()) : address) + path
    }
}
