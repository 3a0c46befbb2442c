import CRMFormat
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a vault's writes changed, in order, with what each write was, so they can be
/// committed together (`Vault.commitChanges(command:)`).
package final class VaultChanges: @unchecked Sendable {
    private let lock = Lock()

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
    private var changedPaths: [String] = []
    private var descriptions: [String] = []
    private var names: [String] = []
    /// Whether the vault was found to be in a git work tree (checked before the first write).
    private var workTreeChecked = false

    init() {}

    /// Paths relative to the vault root, each once, in the order they were written.
    package var paths: [String] { locked { changedPaths } }

    /// What the writes did, for a commit message: the descriptions given, else the names of the
    /// people written (`Ada Lovelace`, `Ada Lovelace, Bob` or `5 people`), else the paths (`INDEX.md`).
    package var summary: String {
        locked {
            if !descriptions.isEmpty { return descriptions.joined(separator: "; ") }
            if names.count > 3 { return "\(names.count) people" }
            return names.isEmpty ? changedPaths.joined(separator: ", ") : names.joined(separator: ", ")
        }
    }

    func record(_ paths: [String], person: String? = nil, description: String? = nil) {
        locked {
            for path in paths where !changedPaths.contains(path) { changedPaths.append(path) }
            if let person, !names.contains(person) { names.append(person) }
            if let description { descriptions.append(description) }
        }
    }

    /// Whether the vault was looked at for a command stopped half way (see `Unfinished`).
    private var unfinishedLooked = false

    /// True the first time only: the vault is looked at for a command stopped half way once.
    func firstLookForUnfinished() -> Bool {
        locked {
            defer { unfinishedLooked = true }
            return !unfinishedLooked
        }
    }

    /// Runs `check` once for the vault, before its first write.
    func checkOnce(_ check: () throws -> Void) throws {
        try locked {
            guard !workTreeChecked else { return }
            try check()
            workTreeChecked = true
        }
    }
}

extension Vault {
    /// Before a write: with `git: commit` set, refuses unless the vault is in a git work tree,
    /// so nothing is written that could not be committed. The vault's own writes call it; call
    /// it before a write made on the vault's behalf (an editor), then `noteWritten(_:)`.
    /// Before the first write, under the vault lock, what a command stopped half way left is
    /// finished or taken back (see `Unfinished`).
    package func prepareWrite() throws {
        try checkWorkTree()
        if changes.firstLookForUnfinished(), FileSystem.exists(root + "/" + Unfinished.path) { try finishUnfinished() }
    }

    private func checkWorkTree() throws {
        guard config.gitCommit else { return }
        try changes.checkOnce {
            guard Git(directory: root).isWorkTree else {
                throw VaultError("'git: commit' is set in .crm/config.yaml, but \(root) is not in a git work tree; "
                                 + "nothing was written. Run 'git init' there, or remove the setting")
            }
        }
    }

    /// Notes that `file` (a full path in the vault: a person file, or the file its symbolic link
    /// points to) was written.
    package func recordWrite(_ file: String, person: String? = nil, change: String? = nil) {
        var relative = file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : nil
        if relative == nil, let vaultRoot = try? FileSystem.resolvedPath(root), file.hasPrefix(vaultRoot + "/") {
            relative = String(file.dropFirst(vaultRoot.count + 1))
        }
        if let relative { changes.record([relative], person: person, description: change) }
    }
}
