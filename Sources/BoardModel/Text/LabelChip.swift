/// A label as the board and `board list` show it: `#home`, or `#"has space"` when it holds a
/// space, so where one label ends and the next begins is never in doubt.
public enum LabelChip {
    public static func text(_ label: String) -> String {
        label.contains(where: \.isWhitespace) ? "#\"\(label)\"" : "#" + label
    }

    /// Labels as chips, separated by spaces.
    public static func text(_ labels: [String]) -> String {
        labels.map(text).joined(separator: " ")
    }
}
