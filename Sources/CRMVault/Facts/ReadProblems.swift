import CRMFormat

/// The one rule for person files the tool could not fully read, which every command that shows
/// people follows (`crm list`, `due`, `birthdays`, `summary`, `index` and `show`): such a file is
/// never shown as an ordinary person without a warning naming the file and the line.
///
/// - A file that could not be read at all (not UTF-8, NUL bytes, front matter with no closing
///   `---`) is left out of listings, with a warning saying why; `crm show` refuses it. Its due
///   date, log and fields are unknown, so listing it would be a guess.
/// - A file read in part is listed, with a warning for each line or value that was not read (a
///   log line that is not an entry, such as one dated `2026-13-22`; `every: sometimes`); those
///   parts count for nothing (no due date from a bad `every`, no interaction from a bad line).
package enum ReadProblems {
    /// What could not be read in `document` (see `PersonFacts.Fields.readProblems`), in line order.
    package static func of(_ document: PersonDocument) -> [Diagnostic] {
        of(document, values: document.valueCheck)
    }

    /// `of(document)`, with the known keys' values already checked.
    static func of(_ document: PersonDocument, values: PersonDocument.ValueCheck) -> [Diagnostic] {
        if let blocker = document.writeBlocker {
            let reason = document.diagnostics.first { $0.severity == .error }
                ?? Diagnostic(path: document.path, line: 1, rule: .unreadableFile, message: "file is not read: \(blocker)")
            return [reason]
        }
        // The typed keys' problems (`every: sometimes`), then the other errors `crm check` finds
        // in known keys (`name` or `tags` that are not text).
        var found = document.diagnostics
        let known = values.fieldProblems.values.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            + (document.nameProblems + values.problems).filter { $0.severity == .error }
        for problem in known where !found.contains(problem) { found.append(problem) }
        if found.isEmpty { return [] }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The rows of the files that could be read (a nil row: one that could not), and the
    /// warnings to print, in path order: files that could not be loaded (`problems`, from
    /// `Vault.facts` or `Vault.scan`) and unreadable files, each "not listed: …"; then every part
    /// not read of the files listed.
    package static func listed<Row>(_ people: [(row: Row?, readProblems: [Diagnostic])], problems: [Diagnostic] = [])
        -> (people: [Row], warnings: [Diagnostic]) {
        var warnings = problems.map { notListed($0) }
        var listed: [Row] = []
        listed.reserveCapacity(people.count)
        for (row, found) in people {
            if let row {
                listed.append(row)
                warnings += found.map { warning($0) }
            } else {
                warnings += found.prefix(1).map { notListed($0) }
            }
        }
        guard people.contains(where: { !$0.readProblems.isEmpty }) else { return (listed, warnings) }
        return (listed, warnings.sorted { $0.path < $1.path })
    }

    /// The warnings `crm show` prints about the person it shows (every part not read), or the
    /// error it fails with when the file could not be read at all.
    package static func shown(_ person: Person) throws(VaultError) -> [Diagnostic] {
        let problems = of(person.document)
        if person.document.writeBlocker != nil, let reason = problems.first {
            throw VaultError("\(reason.path):\(reason.line):\(reason.column): not shown: \(reason.message)")
        }
        return problems.map { warning($0) }
    }

    /// Throws, naming the first problem's `path:line:col`, when `person`'s file could not be read
    /// at all: a command that edits it says so instead of "no entries" (`doing`: "not changed").
    package static func refuseUnreadable(_ person: Person, doing: String) throws(VaultError) {
        if person.document.writeBlocker != nil, let reason = of(person.document).first {
            throw VaultError("\(reason.path):\(reason.line):\(reason.column): \(doing): \(reason.message)")
        }
    }

    private static func warning(_ problem: Diagnostic) -> Diagnostic {
        var problem = problem
        problem.severity = .warning
        return problem
    }

    private static func notListed(_ problem: Diagnostic) -> Diagnostic {
        var problem = warning(problem)
        problem.message = "not listed: " + problem.message
        return problem
    }
}
