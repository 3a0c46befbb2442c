import CRMKit

private enum ResolveOption {
    static let dryRun = OptionSpec(name: "--dry-run", short: "n", help: "say what would be merged; write nothing")
}

let resolveCommand = Command(
    name: "resolve",
    summary: "Merge sync conflict copies and git conflict markers in person files.",
    usage: ["resolve [--dry-run]"],
    options: [ResolveOption.dryRun],
    examples: ["crm resolve --dry-run", "crm resolve"],
    discussion: """
    Finds conflict copies under people/ (syncthing's NAME.sync-conflict-DATE-TIME-DEVICE.md,
    Nextcloud's and Dropbox's 'NAME (… conflicted copy …).md') and merges each into NAME.md: log
    entries from both, keys from both; where the values differ the newer file's value stays and the
    other follows as a comment '# conflict: KEY: VALUE (from FILE)'. The copy then moves to
    .crm/trash/ (machine-local). Person files with git conflict markers are merged the same way,
    three-way with the base the markers include (diff3 style) or, in a git merge that stopped,
    the base git still holds ('git show :1:PATH'), so a key only one side changed is no conflict.
    Notes lines both versions changed differently are both kept between conflict marks:
      <<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)
      =======
      >>>>>>> theirs (crm)
    An entry edited on one side (a typo fixed, a note extended, a time added, an item ticked) is
    paired with its original: same type, same date (or both checkbox items), the same time or only
    one with a time, and alike notes. A copy has no base, so the pair is kept between the same
    marks, the newer file's version first; an open item and the same item ticked keep the ticked
    one. With a base, an edit on one side replaces the original, and edits on both sides that
    differ (an item ticked on two different dates) are marked. Nothing either side wrote is
    dropped. Exit status 1 when a '# conflict:' comment or conflict marks were written, or a file
    was left alone ('crm check' lists what is left to settle).
    """,
    run: { context in
        let vault = try context.vault()
        let dryRun = context.arguments.flag(ResolveOption.dryRun)
        let results = try vault.resolveConflicts(dryRun: dryRun, stamp: try context.clock().fileStamp)
        if context.json {
            context.printJSON(.array(results.map { $0.json(dryRun: dryRun) }))
        } else if results.isEmpty {
            context.terminal.print("No conflicts to resolve.")
        } else {
            for r in results { context.terminal.print(describe(r, dryRun: dryRun)) }
        }
        if results.contains(where: \.needsAttention) {
            throw ExitStatus(code: 1)
        }
    }
)

private func describe(_ r: ConflictResolution, dryRun: Bool) -> String {
    let entries = "\(r.entriesAdded) entr\(r.entriesAdded == 1 ? "y" : "ies") added"
    let kept = r.kind == .markers ? "ours kept, theirs" : "the newer value kept, the other"
    let conflicts = r.conflictingKeys.isEmpty ? ""
        : "; \(r.conflictingKeys.joined(separator: ", ")) differed: \(kept) as a '# conflict:' comment"
    let marked = r.markedConflicts == 0 ? ""
        : "; \(r.markedConflicts) place\(r.markedConflicts == 1 ? "" : "s") in the notes changed differently on both sides: "
            + "both kept between conflict marks"
    let newer = r.kind == .markers ? "ours first" : "the newer first"
    let entryMarks = r.conflictingEntries == 0 ? ""
        : "; \(r.conflictingEntries) entr\(r.conflictingEntries == 1 ? "y" : "ies") changed differently on the two sides: "
            + "both versions kept between conflict marks, \(newer)"
    switch r.kind {
    case .mergedCopy:
        let trash = r.trash.map { "; the copy is now \($0)" } ?? "; the copy would move to .crm/trash/"
        return "\(dryRun ? "would merge" : "merged") \(r.copy!) into \(r.path): \(entries)\(conflicts)\(marked)\(entryMarks)\(trash)"
    case .movedCopy:
        return "\(dryRun ? "would rename" : "renamed") \(r.copy!) to \(r.path) (the file itself was gone)"
    case .markers:
        return "\(dryRun ? "would merge" : "merged") the git conflict in \(r.path): \(entries)\(conflicts)\(marked)\(entryMarks)"
    case .skipped:
        return "\(r.copy ?? r.path): \(r.problem ?? "not merged")"
    }
}
