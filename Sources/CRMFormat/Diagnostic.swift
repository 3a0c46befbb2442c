/// A problem found in a file, pointing at `path:line:col` (line and column 1-based, as editors count).
///
/// Parsers collect diagnostics instead of throwing, so one bad line never hides the rest of a file.
package struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    package enum Severity: String, Sendable { case error, warning }

    package var path: String
    /// 1-based line number.
    package var line: Int
    /// 1-based column, counted in characters.
    package var column: Int
    package var severity: Severity
    package var message: String

    package init(path: String, line: Int, column: Int = 1, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    package var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}
