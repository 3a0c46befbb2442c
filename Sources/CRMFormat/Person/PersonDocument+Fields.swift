extension PersonDocument {
    /// Values of the typed keys (`birthday`, `every`, `snooze`, `added`: see `FieldSchema`) that
    /// do not have their form, one error each at the key's line and the value's column, in line
    /// order. An empty or null value (`snooze:`) is no value and not a problem. The tool never
    /// guesses what a bad value meant: a bad `every` leaves the person without a due date; a bad
    /// `snooze`, `added` or `birthday` is ignored.
    package var fieldProblems: [Diagnostic] {
        valueCheck.fieldProblems.values.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The known keys' values checked against their forms in one pass over the front matter, for
    /// readers that need both what `crm check` reports and the typed keys' errors: each value is
    /// checked once.
    package struct ValueCheck {
        /// Every problem of a known key's value, in file order (see `valueProblems`).
        package var problems: [Diagnostic] = []
        /// The error of each typed key's value, by key (see `fieldProblem`).
        package var fieldProblems: [String: Diagnostic] = [:]
    }

    package var valueCheck: ValueCheck {
        var check = ValueCheck()
        for pair in frontMatter?.pairs ?? [] {
            guard let field = FieldSchema.named(pair.key) else { continue }
            let found = valueProblems(pair, field)
            check.problems += found
            // With duplicate keys the last one counts, as `fieldProblem` reads it.
            if field.isTyped { check.fieldProblems[pair.key] = found.first { $0.severity == .error } }
        }
        return check
    }

    /// The problem with the value of the typed key `key` (`every`, `snooze`, `added` or
    /// `birthday`), if any.
    package func fieldProblem(_ key: String) -> Diagnostic? {
        guard let field = FieldSchema.named(key), field.isTyped, let pair = frontMatter?.pair(key) else { return nil }
        return valueProblems(pair, field).first { $0.severity == .error }
    }

    /// What is wrong with the value of a known key at `pair`, by `FieldSchema`: an error when it
    /// does not have the key's form; a warning for each plain text that some YAML readers read as
    /// a number, date, boolean or null. An empty or null value is no value and not a problem.
    func valueProblems(_ pair: YAMLSpannedPair, _ field: FieldSchema) -> [Diagnostic] {
        if case .empty = pair.value { return commentedOut(pair, field) }
        if case .scalar(let s, .plain) = pair.value, YAMLNode.isNullWord(s) { return [] }
        func diagnostic(_ rule: CheckRule, _ message: String) -> Diagnostic {
            Diagnostic(path: path, line: pair.lineIndex + 1, column: valueColumn(pair), rule: rule, message: message)
        }
        func ambiguity(_ item: YAMLNode) -> Diagnostic? {
            guard case .scalar(let s, .plain) = item, YAMLQuoting.isAmbiguousPlain(s) else { return nil }
            return diagnostic(.ambiguousValue, field.ambiguityWarning(s))
        }
        /// Items (or the one value) whose text has not the form the key's items need, each at its own place.
        func itemProblems() -> [Diagnostic] {
            guard let itemProblem = field.itemProblem else { return [] }
            return placedItems(pair).compactMap { item in
                guard let text = item.node.string, let message = itemProblem(text) else { return nil }
                return Diagnostic(path: path, line: item.line, column: item.column, rule: .invalidValue, message: message)
            }
        }
        switch (field.kind, pair.value) {
        case (.typedMap, .mapping):
            // Each name's value at its own line and column.
            return YAMLBlockParser.nestedPairs(of: pair, in: text).compactMap { item in
                if case .empty = item.value { return nil }
                if case .scalar(let s, .plain) = item.value, YAMLNode.isNullWord(s) { return nil }
                guard let message = field.problem(name: item.key, value: item.value.string) else { return nil }
                return Diagnostic(path: path, line: item.lineIndex + 1, column: item.valueColumn(in: text), rule: .invalidValue, message: message)
            }
        case (.typedMap, .unsupported):
            return []   // reported where it was read (yaml-unsupported)
        case (.typed, _):
            return field.problem(with: pair.value.string).map { [diagnostic(.invalidValue, $0)] } ?? []
        case (.text(list: true), .sequence(let list)) where list.allSatisfy({ if case .scalar = $0 { true } else { false } }):
            return list.compactMap(ambiguity) + itemProblems()
        case (.text(list: true), .sequence(let list)) where list.allSatisfy({ $0 == .empty || $0.string != nil }):
            // Items left empty by a comment (`- #friends`) are warned about; other empty items are errors.
            let commented = commentedOut(pair, field)
            let error = commented.count < list.count { $0 == .empty } ? [diagnostic(.invalidValue, field.problem(with: nil)!)] : []
            return error + commented + list.compactMap(ambiguity) + itemProblems()
        case (.text, .scalar(let s, _)):
            if field.key == FieldSchema.name.key, s.trimmingSpaces.isEmpty { return [diagnostic(.invalidValue, field.problem(with: s)!)] }
            return (ambiguity(pair.value).map { [$0] } ?? []) + itemProblems()
        default:
            return [diagnostic(.invalidValue, field.problem(with: nil)!)]
        }
    }

    /// Warnings for a value, or block-list items, that are empty only because the rest of their
    /// line is a YAML comment (`tags: #friends`, `  - #friends`): YAML reads no value there, which
    /// is seldom what was meant. Other empty items are errors of `valueProblems`.
    func commentedOut(_ pair: YAMLSpannedPair, _ field: FieldSchema) -> [Diagnostic] {
        /// The comment at `offset` of 0-based line `i`, after spaces only, and its 1-based column.
        func comment(_ i: Int, after offset: Int) -> (String, Int)? {
            let line = text.content(i)
            let rest = line.dropFirst(offset).drop { $0 == 0x20 || $0 == 0x09 }
            guard rest.first == 0x23 else { return nil }
            let column = String(decoding: line.prefix(rest.startIndex - line.startIndex), as: UTF8.self).count + 1
            return (String(decoding: rest, as: UTF8.self).trimmingSpaces, column)
        }
        func warning(_ i: Int, _ found: (String, Int), item: Bool) -> Diagnostic {
            Diagnostic(path: path, line: i + 1, column: found.1, rule: .commentedOutValue,
                       message: field.commentedOutWarning(found.0, item: item))
        }
        switch pair.value {
        case .empty:
            return comment(pair.lineIndex, after: pair.colonEnd).map { [warning(pair.lineIndex, $0, item: false)] } ?? []
        case .sequence(let items) where items.contains(.empty):
            return ((pair.lineIndex + 1)..<pair.endLineIndex).compactMap { i in
                let line = text.content(i)
                let indent = line.prefix { $0 == 0x20 }.count
                guard line.dropFirst(indent).first == 0x2D, let after = line.dropFirst(indent + 1).first,
                      after == 0x20 || after == 0x09, let found = comment(i, after: indent + 1) else { return nil }
                return warning(i, found, item: true)
            }
        default:
            return []
        }
    }

    /// 1-based column of a key's value on its line (just after the `:` when the value is below).
    func valueColumn(_ pair: YAMLSpannedPair) -> Int { pair.valueColumn(in: text) }
}
