import CRMKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

private enum MergeDriverOption {
    static let install = OptionSpec(name: "--install", help: "set merge.crm.driver and merge.crm.name in this clone's git config")
}

let mergeDriverCommand = Command(
    name: "merge-driver",
    summary: "Git merge driver for person files: entries, keys and notes merged, nothing lost.",
    usage: ["merge-driver BASE CURRENT OTHER [PATH]", "merge-driver --install"],
    arguments: [
        ArgumentSpec("BASE", completion: .files, help: "the common ancestor (git's %O)"),
        ArgumentSpec("CURRENT", completion: .files, help: "our version (%A); the result is written here"),
        ArgumentSpec("OTHER", completion: .files, help: "their version (%B)"),
        ArgumentSpec("PATH", completion: .files, help: "the file's path in the repository (%P), used in messages"),
    ],
    options: [MergeDriverOption.install],
    examples: [
        "crm merge-driver --install",
        "git config merge.crm.driver \"crm merge-driver %O %A %B %P\"",
    ],
    discussion: """
    Git runs it for files marked 'merge=crm' in .gitattributes ('crm init' writes
    'people/**/*.md merge=crm'). The log is merged entry by entry (both sides' new entries kept once,
    deletions honoured), the front matter key by key, the notes line by line. When both sides changed
    a key differently, our value stays and theirs follows it as a comment:
      # conflict: phone: "+1 555 0100" (from theirs)
    The file merges section by section: no line moves between the front matter, the notes and the
    log. Notes lines both sides changed differently are both kept between conflict marks that say
    a crm merge wrote them ('<<<<<<< ours (crm: …)', '=======', '>>>>>>> theirs (crm)'); 'crm check'
    reports them until you keep what is right and delete the marks. An entry edited on one side
    (a typo fixed, a note extended, an item ticked) replaces its original; one edited differently
    on both sides (an item ticked on two different dates) is kept in both versions between the
    same marks. Exit status 0 when the merge is clean, 1 when it left a conflict comment or marks
    (git then stops the merge for you to look).
    """,
    run: { context in
        if context.arguments.flag(MergeDriverOption.install) {
            try installMergeDriver(context)
            return
        }
        let args = try context.positionals("BASE", "CURRENT", "OTHER", "PATH", atLeast: 3)
        let path = args.count > 3 ? args[3] : args[1]
        let settings = mergeSettings(context, path: path)
        let documents = try args.prefix(3).map {
            PersonDocument(bytes: try FileSystem.readFile($0).bytes, path: path, settings: settings)
        }
        if let blocked = documents.first(where: { $0.writeBlocker != nil }) {
            throw Failure("\(path): not merged: \(blocked.writeBlocker!); merge it by hand")
        }
        let merge = PersonMerge(base: documents[0], current: documents[1], other: documents[2],
                                labels: .init(current: "ours", other: "theirs"))
        try FileSystem.replace(args[1], with: merge.bytes, mode: FileSystem.stamp(args[1])?.permissions ?? 0o644)
        guard merge.hasConflicts else { return }
        var parts: [String] = []
        if !merge.conflictingKeys.isEmpty {
            parts.append("both sides changed \(merge.conflictingKeys.joined(separator: ", ")) (theirs kept as '# conflict:' comments)")
        }
        if merge.markedConflicts > 0 {
            parts.append("\(merge.markedConflicts) conflicting change\(merge.markedConflicts == 1 ? "" : "s") in the notes (both kept between conflict marks)")
        }
        if merge.conflictingEntries > 0 {
            parts.append("\(merge.conflictingEntries) entr\(merge.conflictingEntries == 1 ? "y" : "ies") changed differently on both sides "
                         + "(both versions kept between conflict marks, ours first)")
        }
        context.terminal.error("crm merge-driver: \(path): " + parts.joined(separator: "; "))
        throw ExitStatus(code: 1)
    }
)

/// The vault's log settings when the file is in a vault (its folder above `people/`), else the defaults.
private func mergeSettings(_ context: Context, path: String) -> PersonDocument.LogSettings {
    var root = context.currentDirectory
    if let range = path.ranges(of: "people/").last {
        let prefix = String(path[..<range.lowerBound])
        if !prefix.isEmpty { root += "/" + prefix }
    }
    let vault = (try? Vault.locate(explicit: context.arguments.value(GlobalOption.vault), environment: [:], currentDirectory: root))
    return vault?.logSettings ?? .standard
}

/// The driver git runs: this `crm` (by its full path when started by one) with git's placeholders.
func mergeDriverCommandLine() -> String {
    let own = CommandLine.arguments[0]
    let program = own.contains("/") ? URL(fileURLWithPath: own).standardizedFileURL.path : "crm"
    return "\(program) merge-driver %O %A %B %P"
}

/// `git config merge.crm.driver …` and `merge.crm.name …` in the clone of the current folder.
private func installMergeDriver(_ context: Context) throws {
    let driver = mergeDriverCommandLine()
    try Git(directory: context.currentDirectory).installMergeDriver(driver)
    if context.json {
        context.printJSON(SyncReport.mergeDriverJSON(driver))
    } else {
        context.terminal.print("git config merge.crm.driver \"\(driver)\"")
        context.terminal.print("Person files marked 'merge=crm' in .gitattributes now merge entry by entry ('crm init' writes that line).")
    }
}
