import CRMKit

let syncCommand = Command(
    name: "sync",
    summary: "git pull, merge person files, resolve what is left, git push.",
    usage: ["sync"],
    examples: ["crm sync", "crm sync --json"],
    discussion: """
    In a vault that is a git work tree: installs the crm merge driver in this clone when it has
    none (as 'crm merge-driver --install'), runs 'git pull --no-rebase', then 'crm resolve' for
    conflict copies and markers, finishes git's merge when only person files were in conflict,
    and runs 'git push'. Each step prints one line. In a folder that is not a git repository
    (syncthing, a file-sync tool) it runs 'crm resolve' only. A merge the driver left with
    '# conflict:' comments or conflict marks is finished and pushed, and the step names the files.
    With nothing to pull from or push to (no remote, no upstream branch, a detached HEAD) it says
    what is missing and how to set it up, and stops. Exit status 1 when a step failed or left a
    conflict for you ('crm check' lists them); with --json, the steps as [{step, outcome,
    message}] (outcome: done, skipped, conflicts or failed).
    With 'git: commit' in .crm/config.yaml, what resolve merges is committed before the push.
    """,
    run: { context in
        _ = try context.positionals()
        let vault = try context.vault()
        let report = try vault.sync(mergeDriver: mergeDriverCommandLine(), stamp: try context.clock().fileStamp)
        if context.json {
            context.printJSON(.array(report.steps.map { step in
                .object([("step", .string(step.name)), ("outcome", .string(step.outcome.rawValue)), ("message", .string(step.message))])
            }))
        } else {
            for step in report.steps { context.terminal.print("\(step.name): \(step.message)") }
        }
        if !report.isClean { throw ExitStatus(code: 1) }
    }
)
