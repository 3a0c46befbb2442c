extension PersonDocument {
    /// The known fields whose values have a form of their own, and the form each must have.
    private static let fieldForms: [(key: String, form: String, isValid: @Sendable (String) -> Bool)] = [
        ("every", "a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y)", { Cadence($0) != nil }),
        ("snooze", "a date (YYYY-MM-DD)", { Day($0) != nil }),
        ("added", "a date (YYYY-MM-DD)", { Day($0) != nil }),
        ("birthday", "a date (YYYY-MM-DD, or --MM-DD without the year)", { Birthday($0) != nil }),
    ]

    /// Values of `every`, `snooze`, `added` and `birthday` that do not have their form, one error
    /// each at the key's line and the value's column. An empty or null value (`snooze:`) is no
    /// value and not a problem. The tool never guesses what a bad value meant: a bad `every`
    /// leaves the person without a due date; a bad `snooze`, `added` or `birthday` is ignored.
    public var fieldProblems: [Diagnostic] {
        PersonDocument.fieldForms.compactMap { fieldProblem($0.key) }
    }

    /// The problem with the value of `key` (`every`, `snooze`, `added` or `birthday`), if any.
    public func fieldProblem(_ key: String) -> Diagnostic? {
        guard let field = PersonDocument.fieldForms.first(where: { $0.key == key }),
              let pair = frontMatter?.pair(key) else { return nil }
        switch pair.value {
        case .empty: return nil
        case .scalar:
            guard let value = pair.value.string else { return nil }
            if field.isValid(value) { return nil }
        default: break
        }
        let shown = pair.value.string.map { "'\($0)'" } ?? "the value"
        let column = pair.inlineValue.map { String(decoding: text.content(pair.line).prefix($0.lowerBound), as: UTF8.self).count + 1 } ?? 1
        return Diagnostic(path: path, line: pair.line + 1, column: column, severity: .error,
                          message: "\(key): \(shown) is not \(field.form)")
    }
}
