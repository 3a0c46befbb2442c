#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a vault's writes changed, in order, with what each write was, so they can be
/// committed together (`Vault.commitChanges(command:)`).
final class VaultChanges: @unchecked Sendable {
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
    var paths: [String] { locked { changedPaths } }

    /// What the writes did, for a commit message: the descriptions given, else the names of the
    /// people written (`Ada Lovelace`, `Ada Lovelace, Bob` or `5 people`), else the paths (`INDEX.md`).
    var summary: String {
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

    /// Runs `check` once for the vault, before its first write.
    func checkOnce(_ check: () throws -> Void) throws {
        try locked {
            guard !workTreeChecked else { return }
            try check()
            workTreeChecked = true
        }
    }
}
