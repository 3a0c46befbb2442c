import CRMFormat
import CRMVault

/// Copies a sync tool made of a file two devices changed at once (see `Vault.isConflictCopy`).
enum ConflictCopy {
    /// The path of the file a copy belongs to: `people/ada.sync-conflict-….md` → `people/ada.md`.
    /// A copy of a copy belongs to the first file.
    static func originalPath(of copy: String) -> String {
        let folder = copy.contains("/") ? String(copy[..<copy.lastIndex(of: "/")!]) + "/" : ""
        let name = copy.split(separator: "/").last.map(String.init) ?? copy
        let ext = name.hasSuffix(".md") ? ".md" : ""
        var stem = Substring(name.dropLast(ext.count))
        if let range = stem.firstRange(of: ".sync-conflict-") { stem = stem[..<range.lowerBound] }
        if let copyWords = stem.firstRange(of: "conflicted copy"),
           let open = stem[..<copyWords.lowerBound].indices.last(where: { stem[$0...].hasPrefix(" (") }) {
            stem = stem[..<open]
        }
        return folder + stem + ext
    }
}
