import Foundation

extension UnsafeBufferPointer<UInt8> {
    /// Whether `other` holds the same bytes, compared as memory: a card's value is a kilobyte, and
    /// comparing it a byte at a time cost as much as making it (ARCHITECTURE.md §13).
    func hasSameBytes(as other: Self) -> Bool {
        guard count == other.count else { return false }
        guard let mine = baseAddress, let theirs = other.baseAddress else { return true }
        return memcmp(mine, theirs, count) == 0
    }
}
