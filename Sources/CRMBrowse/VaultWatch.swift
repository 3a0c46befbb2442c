import CRMKit

/// Sees person files changed, added or removed on disk (an editor, syncthing, another `crm`)
/// while the app is open, by their stamps (device, inode, size, modification and change times):
/// each file listed (and each file the listing could not read), and each folder they are in,
/// whose stamp changes when a file in it is added, removed or renamed. One `stat` a file, no
/// walk of `people/`: about 10,000 calls for 10,000 people, made when the app has waited two
/// seconds for a key, never while keys come.
struct VaultWatch {
    private let paths: [String]
    private var stamps: [FileStamp?]

    init(_ vault: Vault, listing: PeopleListing) {
        var files = listing.rows.map { vault.root + "/" + $0.path }
        files += listing.problems.map { vault.root + "/" + $0.path }
        var folders: Set<String> = [vault.root + "/people"]
        for row in listing.rows {
            guard let slash = row.id.lastIndex(of: "/") else { continue }
            folders.insert(vault.root + "/people/" + row.id[..<slash])
        }
        paths = files + folders.sorted()
        stamps = paths.map(FileSystem.stamp)
    }

    /// Whether anything changed since the last look.
    mutating func changed() -> Bool {
        let now = paths.map(FileSystem.stamp)
        defer { stamps = now }
        return now != stamps
    }
}
