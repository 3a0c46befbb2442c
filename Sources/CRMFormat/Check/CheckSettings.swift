/// `check:` of `.crm/config.yaml`: rules turned off, or given another severity than their own
/// (`dead-link: off`, `entry-out-of-order: error`). `crm check` reports what they leave.
package struct CheckSettings: Sendable, Equatable {
    /// What `check:` may set a rule to.
    package enum Level: String, Sendable, CaseIterable {
        case off, warning, error
    }

    /// The rules `check:` names; the others keep their default severity.
    package var levels: [CheckRule: Level] = [:]

    package init() {}

    /// `problems` as these settings have them: a problem of a rule turned off is left out, one of
    /// a rule given a severity has it. A problem without a rule is kept as it is.
    package func applied(to problems: [Diagnostic]) -> [Diagnostic] {
        guard !levels.isEmpty else { return problems }
        return problems.compactMap { problem in
            guard let rule = problem.rule, let level = levels[rule] else { return problem }
            guard let severity = Diagnostic.Severity(rawValue: level.rawValue) else { return nil }   // off
            var changed = problem
            changed.severity = severity
            return changed
        }
    }
}
