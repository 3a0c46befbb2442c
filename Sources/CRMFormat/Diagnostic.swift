/// A problem found in a file, pointing at `path:line:col` (line and column 1-based, as editors count).
///
/// Parsers collect diagnostics instead of throwing, so one bad line never hides the rest of a file.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var path: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    public var severity: Severity
    public var message: String
    /// The `crm check` rule that finds the problem; nil only for a file `crm check` does not read
    /// (an address book being imported, the person's own settings file).
    public var rule: CheckRule?

    /// A problem `rule` finds, with the rule's default severity.
    public init(path: String, line: Int, column: Int = 1, rule: CheckRule, message: String) {
        self.init(path: path, line: line, column: column, severity: rule.severity, message: message)
        self.rule = rule
    }

    /// A problem in a file `crm check` does not read (an address book, the person's own
    /// settings): no rule.
    public init(path: String, line: Int, column: Int = 1, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `path:line:col: severity: message [rule]`, one line however the path or the message was
    /// made: their line breaks and other controls shown as `VisibleText` shows them (`\n`, `\e`),
    /// so editors and scripts that read one problem a line read each whole.
    public var description: String {
        VisibleText.shown("\(path):\(line):\(column): \(severity.rawValue): \(message)" + (rule.map { " [\($0.id)]" } ?? ""))
    }
}
