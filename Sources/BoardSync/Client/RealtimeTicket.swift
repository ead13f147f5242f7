import Foundation

/// What lets a device listen on the realtime channel (ARCHITECTURE.md §19): a secret its person's
/// login fetched, good until `expires`, and where the channel is (nil: the server serves none).
struct RealtimeTicket: Sendable {
    let ticket: String
    let expires: Date
    let address: String?

    /// When to fetch the next: halfway through, so a stream never holds a ticket about to lapse.
    var renewAt: Date { Date().addingTimeInterval(expires.timeIntervalSinceNow / 2) }
}
