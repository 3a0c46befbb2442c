import CRMKit

/// Sees person files and daily notes changed, added or removed on disk (an editor, syncthing,
/// another `crm`) while the app is open, by their stamps (device, inode, size, modification and
/// change times): each file listed (and each file the listing could not read), each daily note,
/// and each folder they are in (the journal folders too), whose stamp changes when a file in it is
/// added, removed or renamed. One `stat` a file, no walk: about 10,000 calls for 10,000 people,
/// made when the app has waited two seconds for a key, never while keys come.
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
        let daily = vault.dailyNotes().map { vault.root + "/" + $0.path }
        for journal in vault.config.journals { folders.insert(journal == "." ? vault.root : vault.root + "/" + journal) }
        for path in daily { folders.insert(String(path[..<path.lastIndex(of: "/")!])) }
        paths = files + daily + folders.sorted()
        stamps = paths.map(FileSystem.stamp)
    }

    /// Whether anything changed since the last look.
    mutating func changed() -> Bool {
        let now = paths.map(FileSystem.stamp)
        defer { stamps = now }
        return now != stamps
    }
}
