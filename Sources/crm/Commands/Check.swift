import CRMKit

private enum CheckOption {
    static let rules = OptionSpec(name: "--rules", help: "list the rules: id, default severity, what each finds")
}

let checkCommand = Command(
    name: "check",
    summary: "Every problem in the vault, as path:line:col: error|warning: message [rule].",
    usage: ["check [--json]", "check --rules [--json]"],
    options: [CheckOption.rules],
    examples: ["crm check", "crm check --json", "crm check --rules", "crm check --rules --json"],
    discussion: """
    Reports what reading finds (front matter that does not parse or is not closed, files that are
    not UTF-8, log lines that are not entries, impossible dates and times), invalid birthday, every,
    snooze and added values, files without a name, people sharing a name or contact_id, a tag spelt
    in two ways (tags compare ignoring case and accents: each spelling but the one most people use
    is reported where it is written, with the other's place), entries out
    of order, entries dated more than a year after today (a mistyped year?), unsupported YAML kept
    as written, code blocks never closed, and problems in .crm/config.yaml. Links: a link in a
    log entry, a daily note's item or related: that names no person and no file of the vault (a
    dead link), a link that names several people (it counts for none), related: items that are
    not 'RELATION: …', and daily-note items with an impossible date. Unresolved conflicts
    are errors: sync conflict copies and git conflict markers ('crm resolve' merges them),
    '# conflict:' comments and conflict marks a merge left ('<<<<<<< … (crm: …)': keep what is
    right, delete the marks).
    Each problem ends with the id of the rule that found it ([dead-link]); --rules lists them.
    check: in .crm/config.yaml turns a rule off or changes its severity, one rule a line below it
    ('  dead-link: off', '  entry-out-of-order: error').
    Exit status 1 when there is an error; warnings alone exit 0.
    """,
    reportsConfigProblems: true,
    run: { context in
        if context.arguments.flag(CheckOption.rules) {
            printRules(context)
            return
        }
        let vault = try context.vault()
        let problems = VaultCheck.run(vault, today: try context.today())
        if context.json {
            context.printJSON(.array(problems.map(\.json)))
        } else {
            for problem in problems { context.terminal.print(problem.description) }
        }
        if problems.contains(where: { $0.severity == .error }) { throw ExitStatus(code: 1) }
    }
)

/// `crm check --rules`: every rule in the order of `CheckRule`, with its default severity.
private func printRules(_ context: Context) {
    if context.json {
        context.printJSON(.array(CheckRule.allCases.map(\.json)))
        return
    }
    var table = TextTable(headers: ["RULE", "SEVERITY", "FINDS"])
    table.rows = CheckRule.allCases.map { [$0.id, $0.severity.rawValue, $0.summary] }
    table.print(to: context.terminal) { context.terminal.style($0, .dim) }
}
