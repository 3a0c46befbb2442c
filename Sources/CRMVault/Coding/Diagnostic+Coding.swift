import CRMFormat

/// How the facts cache stores a diagnostic: line, column, whether it is an error, message, rule
/// id (empty for none). The path is not stored: it is the file the record belongs to.
extension Diagnostic {
    package func encode(to w: inout ByteWriter) {
        w.int(line)
        w.int(column)
        w.bool(severity == .error)
        w.string(message)
        w.string(rule?.id ?? "")
    }

    package init(from r: inout ByteReader, path: String) throws(ByteReader.Malformed) {
        let line = try r.int(), column = try r.int(), isError = try r.bool(), message = try r.string(), id = try r.string()
        self.init(path: path, line: line, column: column, severity: isError ? .error : .warning, message: message)
        if !id.isEmpty {
            guard let rule = CheckRule(rawValue: id) else { throw ByteReader.Malformed() }
            self.rule = rule
        }
    }
}
