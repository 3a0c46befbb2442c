import CRMFormat

/// A tracked person: a file under `people/` and what it says.
public struct Person: Sendable {
    /// The file path under `people/` without `.md` (`ada-lovelace`, `family/mom`).
    public let id: String
    /// The path relative to the vault root (`people/ada-lovelace.md`).
    public let path: String
    package let document: PersonDocument
    /// The version of the file that was read.
    package let stamp: FileStamp

    public var name: String { document.name }

    /// The id for a path relative to the vault (`people/family/mom.md` → `family/mom`).
    package static func id(forPath path: String) -> String {
        String(path.dropFirst("people/".count).dropLast(".md".count))
    }
}
