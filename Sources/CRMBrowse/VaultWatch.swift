import CRMKit

/// Sees files of `people/` added, removed or changed on disk (an editor, syncthing, another
/// `crm`) while the app is open: the person files' paths and stamps (device, inode, size,
/// modification and change times), listed again and compared. About 10,000 `stat` calls and
/// one walk of `people/` for 10,000 people; the app does it when it has waited two seconds
/// for a key, never while keys come.
struct VaultWatch {
    private var stamps: [(path: String, stamp: FileStamp?)]

    init(_ vault: Vault) { stamps = Self.read(vault) }

    /// Whether anything changed since the last look.
    mutating func changed(_ vault: Vault) -> Bool {
        let now = Self.read(vault)
        defer { stamps = now }
        return now.count != stamps.count || zip(now, stamps).contains { $0.path != $1.path || $0.stamp != $1.stamp }
    }

    private static func read(_ vault: Vault) -> [(path: String, stamp: FileStamp?)] {
        vault.personPaths().map { ($0, FileSystem.stamp(vault.root + "/" + $0)) }
    }
}
