import Foundation

/// How wide the help is: `COLUMNS` when set, else the terminal's width when standard output is
/// one, else 80 (a pipe or a file). Never under 40, so a label and its help still fit.
public enum TerminalWidth {
    public static func forHelp() -> Int {
        if let text = Environment.value("COLUMNS"), let columns = Int(text), columns > 0 { return max(40, columns) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(40, Int(size.ws_col)) }
        return 80
    }
}
