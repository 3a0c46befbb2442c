extension PersonDocument {
    /// Every problem `crm check` reports for this file alone: what reading found, plus values of
    /// known keys that are not of their form, a missing name, entries out of order, git conflict
    /// markers and `# conflict:` comments left by a merge.
    public var problems: [Diagnostic] {
        guard writeBlocker == nil else { return diagnostics }
        // Conflict markers first: at the same place, they explain the YAML errors they cause.
        let found = conflictProblems + diagnostics + nameProblems + valueProblems + orderProblems
        return found.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }

    private func warning(_ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, severity: .warning, message: message)
    }

    private func error(_ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, severity: .error, message: message)
    }

    private var nameSource: String {
        if let heading = outline.headings.first(where: { $0.level == 1 }), !heading.text.isEmpty {
            return "the name '\(name)' is taken from the '# \(heading.text)' heading"
        }
        return "the name '\(name)' is taken from the file name"
    }

    private var nameProblems: [Diagnostic] {
        guard let frontMatter else {
            return [warning(1, 1, text.lineCount == 0 ? "empty file; \(nameSource)"
                            : "no front matter; \(nameSource) (the tool adds front matter when it first sets a field)")]
        }
        guard let pair = frontMatter.pair("name") else {
            return [warning(frontMatter.openLine + 1, 1, "no 'name' in the front matter; \(nameSource)")]
        }
        return hasNameField ? [] : [error(pair.line + 1, valueColumn(pair), "name must be text")]
    }

    /// Known keys whose values must have a form: dates, cadences, text or lists of text.
    private var valueProblems: [Diagnostic] {
        guard let frontMatter else { return [] }
        var found: [Diagnostic] = []
        for pair in frontMatter.pairs {
            let line = pair.line + 1
            lazy var column = valueColumn(pair)   // measured only for a problem
            let value = pair.value.string
            if case .empty = pair.value { continue }
            if case .scalar(let s, .plain) = pair.value, YAMLNode.isNullWord(s) { continue }
            switch pair.key {
            case "birthday":
                if value.map({ FieldValue.isTypedValue($0, key: "birthday") }) != true {
                    found.append(error(line, column, "invalid birthday \(shown(pair.value)); use YYYY-MM-DD, or --MM-DD without the year"))
                }
            case "every":
                if value.flatMap(Cadence.init) == nil {
                    found.append(error(line, column, "invalid cadence \(shown(pair.value)) for every; use a number and d, w, m or y (30d, 2w, 3m, 1y)"))
                }
            case "snooze", "added":
                if value.flatMap({ Day($0) }) == nil {
                    found.append(error(line, column, "invalid date \(shown(pair.value)) for \(pair.key); use YYYY-MM-DD"))
                }
            case "contact_id", "phone", "email", "tags", "aliases":
                let items: [YAMLNode]
                switch pair.value {
                case .sequence(let list): items = list
                case .scalar: items = [pair.value]
                default:
                    found.append(error(line, column, "\(pair.key) must be text\(pair.key == "contact_id" ? "" : " or a list of text")"))
                    continue
                }
                if pair.key == "contact_id", items.count != 1 {
                    found.append(error(line, column, "contact_id must be text"))
                }
                for case .scalar(let s, .plain) in items where YAMLQuoting.isAmbiguousPlain(s) {
                    found.append(warning(line, column, "\(pair.key) '\(s)' is read as a number, date, boolean or null by some YAML readers; quote it ('crm fmt' does)"))
                }
            default: continue
            }
        }
        return found
    }

    private func shown(_ value: YAMLNode) -> String {
        value.string.map { "'\($0)'" } ?? "(not a single value)"
    }

    /// 1-based column of a key's value on its line (just after the `:` when the value is below).
    private func valueColumn(_ pair: YAMLSpannedPair) -> Int {
        let offset = pair.inlineValue?.lowerBound ?? pair.colonEnd
        return String(decoding: text.content(pair.line).prefix(offset), as: UTF8.self).count + 1
    }

    /// The first entry against the log's main order, in a log whose order is mixed.
    private var orderProblems: [Diagnostic] {
        guard let log, log.order == .mixed else { return [] }
        let pairs = Array(zip(log.entries, log.entries.dropFirst()))
        let increases = pairs.filter { $0.1.isNewer(than: $0.0) }.count
        let decreases = pairs.filter { $0.0.isNewer(than: $0.1) }.count
        let newestFirst = decreases >= increases
        guard let (previous, entry) = pairs.first(where: { newestFirst ? $0.1.isNewer(than: $0.0) : $0.0.isNewer(than: $0.1) })
        else { return [] }
        return [warning(entry.line, 1, "entry out of order: \(entry.date) comes after \(previous.date) in a log that is "
                        + "\(newestFirst ? "newest" : "oldest") first ('crm fmt' sorts it)")]
    }

    /// Git conflict markers anywhere, and `# conflict:` comments in the front matter.
    private var conflictProblems: [Diagnostic] {
        // Only a file with a `<<<<<<<` somewhere can have markers: most are ruled out by one byte search.
        let mayHaveMarkers = text.bytes.contains(bytes: "<<<<<<<".utf8)
        var found = !mayHaveMarkers ? [] : ConflictMarkers.markerLines(in: text.bytes).filter { text.content($0).first == UInt8(ascii: "<") }.map {
            error($0 + 1, 1, "git conflict marker: the file was merged without the crm merge driver; run 'crm resolve' to merge both sides")
        }
        if let frontMatter {
            for i in (frontMatter.openLine + 1)..<frontMatter.closeLine where text.content(i).contains(bytes: "# conflict:".utf8) {
                let line = text.string(i)
                let indent = line.prefix { $0 == " " }.count
                if line.dropFirst(indent).hasPrefix("# conflict:") {
                    found.append(warning(i + 1, indent + 1, "a merge left both values: '\(line.dropFirst(indent + 2))'; keep the right one and delete this comment"))
                }
            }
        }
        return found
    }
}
