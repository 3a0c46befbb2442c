import CRMKit

let checkCommand = Command(
    name: "check",
    summary: "Every problem in the vault, as path:line:col: error|warning: message.",
    usage: ["check [--json]"],
    examples: ["crm check", "crm check --json"],
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
    Exit status 1 when there is an error; warnings alone exit 0.
    """,
    reportsConfigProblems: true,
    run: { context in
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
