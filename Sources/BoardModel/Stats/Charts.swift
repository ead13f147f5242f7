/// Charts made of characters (the Stats view and `board stats`; ARCHITECTURE.md §12): each reads
/// without colour, and each is also said in words beside it.
public enum Charts {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value 0…1 (`▁`…`█`); a space where there is no value.
    public static func strip(_ values: [Double?]) -> String {
        String(values.map { value in
            guard let value else { return " " }
            return levels[min(7, max(0, Int((value * 7).rounded())))]
        })
    }

    /// A bar `width` cells long filled to `fraction` in eighths (`█`, then `▏`…`▉`), the rest `·`.
    public static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((max(0, min(1, fraction)) * Double(width * 8)).rounded())
        let partial: [String] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let full = eighths / 8, rest = eighths % 8
        let filled = String(repeating: "█", count: full) + partial[rest]
        return filled + String(repeating: "·", count: max(0, width - full - (rest > 0 ? 1 : 0)))
    }

    /// A heatmap cell: `·` no check-in, `█` a check-in; `░▒▓` for shares between (several habits).
    public static func cell(_ share: Double) -> Character {
        switch share {
        case ..<0.01: "·"
        case ..<0.34: "░"
        case ..<0.67: "▒"
        case ..<1: "▓"
        default: "█"
        }
    }
}
