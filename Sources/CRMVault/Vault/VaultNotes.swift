import CRMFormat

/// The vault's other Markdown files: daily notes (under `journal:`) and every other note outside
/// `people/`, found in one walk of the vault folder, with the names of all its files (what a
/// link to something that is not a person may point at).
package struct VaultNotes: Sendable {
    /// Daily notes, each with the day its file name starts with, in path order.
    package var dailyNotes: [(path: String, day: Day)] = []
    /// Every other Markdown file outside `people/` and `.crm/`, in path order.
    package var notes: [String] = []
    /// Folded keys of every file of the vault a link can point at: each path from the vault
    /// root and each file name, with and without `.md`; nil when the walk did not gather them.
    var fileKeys: Set<String>? = []
    /// Files in the journal folder whose names start like a day that is not one (`2026-02-30.md`).
    package var problems: [Diagnostic] = []

    /// Whether a link's target (as written) names a file of the vault; true for any target when
    /// the file names were not gathered (so that no link is called dead for want of them).
    package func holdsFile(_ target: String) -> Bool {
        guard let fileKeys else { return true }
        var key = target.trimmingSpaces
        if key.hasSuffix("\\") { key.removeLast() }
        return fileKeys.contains(key.folded) || fileKeys.contains(LinkResolver.key(key))
    }
}

extension Vault {
    /// Walks the vault (hidden files and folders, `.crm/` and folders reached by symbolic links
    /// left out) for its daily notes, other notes and (with `fileNames`) the names of all its
    /// files, which only telling a dead link needs: without them `people/` is not walked.
    package func notes(fileNames: Bool = true) -> VaultNotes { notes(under: "", fileNames: fileNames) }

    /// The daily notes alone, from a walk of the journal folders only (none without `journal:`):
    /// what listings read for the interactions they hold.
    package func dailyNotes() -> [(path: String, day: Day)] {
        let journals = config.journals
        // A folder inside another journal folder is walked with it.
        let tops = journals.filter { folder in !journals.contains { $0 != folder && ($0 == "." || folder.hasPrefix($0 + "/")) } }
        let found = tops.flatMap { notes(under: $0 == "." ? "" : $0, fileNames: false).dailyNotes }
        return tops.count < 2 ? found : found.sorted { Bytes.precedes($0.path, $1.path) }
    }

    /// The walk of `notes()`, from the folder `start` (relative to the vault; "" is the vault).
    private func notes(under start: String, fileNames: Bool) -> VaultNotes {
        var found = VaultNotes()
        if !fileNames { found.fileKeys = nil }
        let journals = config.journals
        // A journal folder that is a symbolic link out of the vault (to `/`, to a home folder) is
        // not walked: said once, by the walk of the whole vault (`crm check`).
        if !start.isEmpty, FileSystem.placeOutside(root, start) != nil { return found }
        if start.isEmpty {
            for folder in journals {
                guard let target = FileSystem.placeOutside(root, folder) else { continue }
                found.problems.append(Diagnostic(path: folder, line: 1, rule: .journalOutside,
                                                 message: "the journal folder is a symbolic link to \(target), outside the vault: its daily notes are not read"))
            }
        }
        func isInJournal(_ path: String) -> Bool {
            journals.contains { $0 == "." || path.hasPrefix($0 + "/") }
        }
        func walk(_ relative: String, depth: Int) {
            guard depth < 32 else { return }
            let folder = relative.isEmpty ? root : root + "/" + relative
            // A person file is a person: links to it resolve as one, and need no file key (folding
            // and sorting thousands of names would be most of `crm show`).
            let inPeople = relative == "people" || relative.hasPrefix("people/")
            let entries = FileSystem.list(folder).filter {
                !$0.name.hasPrefix(".") && !(inPeople && !$0.isDirectory && $0.name.hasSuffix(".md"))
            }
            for entry in entries.sorted(by: { Bytes.precedes($0.name, $1.name) }) {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.isDirectory {
                    if !entry.isSymbolicLink, fileNames || path != "people" { walk(path, depth: depth + 1) }
                    continue
                }
                let isMarkdown = entry.name.hasSuffix(".md")
                found.fileKeys?.insert(path.folded)
                found.fileKeys?.insert(entry.name.folded)
                guard isMarkdown, !Vault.isConflictCopy(entry.name) else { continue }
                let stem = String(path.dropLast(3)), name = String(entry.name.dropLast(3))
                found.fileKeys?.insert(stem.folded)
                found.fileKeys?.insert(name.folded)
                if isInJournal(path), PersonLink.isDay(entry.name) {
                    if let day = DailyNote.day(ofFile: entry.name) {
                        found.dailyNotes.append((path, day))
                    } else {
                        found.problems.append(Diagnostic(path: path, line: 1, rule: .notADay,
                                                         message: "the file name starts with '\(entry.name.prefix(10))', which is not a day: not read as a daily note"))
                        found.notes.append(path)
                    }
                } else {
                    found.notes.append(path)
                }
            }
        }
        walk(start, depth: 0)
        return found
    }
}
