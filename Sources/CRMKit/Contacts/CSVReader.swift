import CRMFormat
import CRMVault

/// Reads CSV text as RFC 4180 describes it, and as Python's `csv.reader` reads it: fields split by
/// commas, rows by CRLF, LF or CR; a field in double quotes may hold commas, quotes (doubled:
/// `""`) and line breaks; a missing final line break ends the last row all the same.
///
/// Where a file breaks the rules it is read as `csv.reader` reads it, with a warning at
/// `line:col`: a quote inside an unquoted field is a character of it, and text after a closing
/// quote is added to the field. A quoted field still open at the end of the file is an error
/// (the rest of the file would be one field).
struct CSVReader {
    /// One row: its fields, and where each starts (1-based line and column, in characters).
    struct Row {
        var fields: [String]
        var positions: [(line: Int, column: Int)]
        /// The line the row starts on.
        var line: Int { positions.first?.line ?? 1 }
    }

    /// The rows of `text` (blank lines skipped), and the problems found.
    static func rows(_ text: String, path: String) -> (rows: [Row], diagnostics: [Diagnostic]) {
        var rows: [Row] = []
        var diagnostics: [Diagnostic] = []
        var fields: [String] = [], positions: [(line: Int, column: Int)] = []
        var field = String.UnicodeScalarView()
        var line = 1, column = 1
        var fieldStart = (line: 1, column: 1)
        enum State { case fieldStart, unquoted, quoted, afterQuote }
        var state = State.fieldStart
        var reportedStray = false

        func warn(_ message: String) {
            guard !reportedStray else { return }
            reportedStray = true
            diagnostics.append(Diagnostic(path: path, line: line, column: column, severity: .warning, message: message))
        }
        func endField() {
            fields.append(String(field))
            positions.append(fieldStart)
            field = String.UnicodeScalarView()
            state = .fieldStart
        }
        /// Whether the row so far holds anything (a blank line is no row; `""` is one empty field).
        var rowHasText = false
        func endRow() {
            endField()
            if rowHasText { rows.append(Row(fields: fields, positions: positions)) }
            fields = []
            positions = []
            rowHasText = false
        }

        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let isLineBreak = scalar == "\n" || scalar == "\r"
            // CRLF is one line break.
            let breakLength = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1
            if state == .fieldStart { fieldStart = (line, column) }
            if !isLineBreak || state == .quoted { rowHasText = true }
            switch state {
            case .quoted where scalar == "\"": state = .afterQuote
            case .quoted: field.append(contentsOf: scalars[index..<(index + breakLength)])
            case _ where scalar == ",": endField()
            case _ where isLineBreak: endRow()
            case .fieldStart where scalar == "\"": state = .quoted
            case .afterQuote where scalar == "\"":
                field.append("\"")
                state = .quoted
            default:
                if state == .afterQuote {
                    warn("text after the closing quote of a field; added to the field")
                } else if scalar == "\"" {
                    warn("a quote inside a field that does not start with one; read as a quote")
                }
                field.append(scalar)
                state = .unquoted
            }
            if isLineBreak {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += breakLength
        }
        if state == .quoted {
            diagnostics.append(Diagnostic(path: path, line: fieldStart.line, column: fieldStart.column, severity: .error,
                                          message: "a quoted field opened here is never closed; the rest of the file is not read"))
            return (rows, diagnostics)
        }
        if rowHasText { endRow() }
        return (rows, diagnostics)
    }
}
