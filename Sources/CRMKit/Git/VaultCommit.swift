import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A commit of the files one command wrote (`git: commit` in `.crm/config.yaml`).
package struct VaultCommit: Sendable {
    /// The commit's short hash.
    package var hash: String
    package var message: String
}

extension Vault {
    /// Notes that `person`'s file was written by another program on the vault's behalf (the
    /// editor `crm edit` opened), so `commitChanges(command:)` includes it when it changed.
    package func noteWritten(_ person: Person) {
        recordWrite(root + "/" + person.path, person: person.name)
    }

    /// With `git: commit` set, commits exactly the files this vault's writes changed (see
    /// `changes`) with the message `COMMAND: SUMMARY` (`log: call with Ada Lovelace (2026-11-29)`),
    /// one line, its controls shown as `VisibleText` shows them.
    /// Whatever else is staged stays staged and out of the commit: the commit is built in a
    /// temporary index from `HEAD` and these files, then the real index takes their new state.
    /// Returns nil when nothing is to be committed (no setting, no change, files as committed).
    /// Throws, with git's words, when git refuses (no author configured, a merge under way);
    /// the files stay written.
    package func commitChanges(command: String) throws(VaultError) -> VaultCommit? {
        guard config.gitCommit else { return nil }
        let paths = changes.paths
        guard !paths.isEmpty else { return nil }
        // One line of printable text: a name's line break would start a body or a trailer
        // (`Signed-off-by:`), its escape bytes would stay in the history.
        let message = VisibleText.shown("\(command): \(changes.summary)")
        let git = Git(directory: root)
        if git.isMerging {
            throw VaultError("written but not committed: a git merge is under way; 'crm sync' or 'git commit' finishes it")
        }
        let index = FileManager.default.temporaryDirectory.appendingPathComponent("crm-index-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: index) }
        let staged = Git(directory: root, environment: ["GIT_INDEX_FILE": index])
        let what = "written but not committed"
        if try git.run(["rev-parse", "-q", "--verify", "HEAD"]).succeeded {
            try staged.check(["read-tree", "HEAD"], what)
        }
        // A file git never had and that is gone again (a conflict copy moved to the trash) is no change.
        let known = try staged.check(["--literal-pathspecs", "ls-files", "-z", "--"] + paths, what).stdout
            .split(separator: "\0").map(String.init)
        let changed = paths.filter { known.contains($0) || FileSystem.exists(root + "/" + $0) }
        guard !changed.isEmpty else { return nil }
        try staged.check(["--literal-pathspecs", "add", "-A", "--"] + changed, what)
        if try staged.run(["diff", "--cached", "--quiet"]).succeeded { return nil }
        try staged.check(["commit", "-q", "-m", message], what)
        try git.check(["--literal-pathspecs", "reset", "-q", "--"] + changed, "committed, but the index was not brought up to date")
        let hash = try git.check(["rev-parse", "--short", "HEAD"], "committed").stdout.trimmingSpaces
        return VaultCommit(hash: hash, message: message)
    }
}
