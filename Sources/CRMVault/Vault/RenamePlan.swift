import CRMFormat

/// A rename worked out before anything is written: the person's new name, the path their file
/// moves to, and how every link that named them changes. `Vault.apply(_:)` writes it
/// (what `crm rename` does); `edits(ofFile:bytes:)` gives each file's changes as values, for an
/// editor to make (what `crm lsp` answers a rename with).
package struct RenamePlan: Sendable {
    /// The person as found, before the rename.
    package let person: Person
    /// The new name, as written.
    package let name: String
    /// The file name the person's file gets, without `.md` (`Slug.renamed`); nil: it keeps its own.
    package let stem: String?
    /// The person as they will be: their file with the new name, at the path it moves to.
    package let moved: Person
    /// Who each link named before the rename.
    let links: VaultLinks
    let rewrite: LinkRewrite

    /// The files of the vault whose links name the person, as they are now (the person's own
    /// file among them when it links itself), in the order `crm rename` rewrites them.
    package var linkingPaths: [String] {
        var paths: [String] = []
        for reference in links.references(to: person.id) where paths.last != reference.path { paths.append(reference.path) }
        return paths
    }

    /// The person's file with the new name (nothing else changed): the first step.
    func renaming(_ document: PersonDocument) throws -> [UInt8] {
        try document.setting("name", to: .string(name))
    }

    /// The changes the rename makes to the file at `path` (as it is now) holding `bytes`, in
    /// order and apart, and the 1-based lines whose links changed: for the person's own file,
    /// the new name and its links to itself; for any other, the links that named the person.
    /// Refused as `crm rename` refuses to write it: a person file the tool cannot read as one,
    /// a note that is not UTF-8 text.
    package func edits(ofFile path: String, bytes: [UInt8]) throws -> (edits: [ByteEdit], lines: [Int]) {
        if path == person.path {
            let current = Person(path: path, bytes: bytes, settings: person.document.settings)
            try ReadProblems.refuseUnreadable(current, doing: "not changed")
            let renamed = try renaming(current.document)
            let (after, lines) = rewrite.apply(to: TextBuffer(renamed))
            // The name's change and the links' changes apart, when they are (they are on other lines).
            var edits = rewrite.edits(in: current.document.text).edits
            if let name = ByteEdit.difference(from: bytes, to: renamed) {
                edits.append(name)
                edits.sort { $0.range.lowerBound < $1.range.lowerBound }
            }
            guard ByteEdit.inOrder(edits), ByteEdit.apply(edits, to: bytes) == after else {
                return (ByteEdit.difference(from: bytes, to: after).map { [$0] } ?? [], lines)
            }
            return (edits, lines)
        }
        let text = TextBuffer(bytes)
        if path.hasPrefix("people/") {
            try ReadProblems.refuseUnreadable(Person(path: path, bytes: bytes, settings: person.document.settings), doing: "not changed")
        } else {
            guard UTF8Validation.isValid(bytes), !bytes.contains(0) else { throw VaultError("not changed: it is not UTF-8 text") }
        }
        return rewrite.edits(in: text)
    }

    /// The plan with the person at `moved` instead (the path their file took when it was not
    /// the one planned: another file took it meanwhile).
    func moving(to moved: Person) -> RenamePlan {
        RenamePlan(person: person, name: name, stem: stem, moved: moved, links: links)
    }

    init(person: Person, name: String, stem: String?, moved: Person, links: VaultLinks) {
        (self.person, self.name, self.stem, self.moved, self.links) = (person, name, stem, moved, links)
        rewrite = LinkRewrite(old: person, new: moved, links)
    }
}

extension Vault {
    /// How `person` (as found, or as an editor holds their file) is renamed to `name` (from
    /// `FieldAssignment.name`), nothing written: refuses a name another person has (ignoring
    /// case and accents) unless `force`, and a file it cannot give the name; the file's new
    /// name in the style of its old one (`Slug.renamed`, the first free `-2`, `-3`… as `move`
    /// takes it); every link of the vault as it is on disk.
    package func planRename(_ person: Person, to name: String, force: Bool = false) throws -> RenamePlan {
        let links = VaultLinks.read(self)
        if !force, let same = links.everyone.duplicate(name: name, excluding: person.id) {
            throw VaultError(PersonKeys.duplicateMessage(same, name: name) + "; use --force to rename anyway")
        }
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        let stem = Slug.renamed(String(person.id.split(separator: "/").last ?? ""), from: person.name, to: name)
        let plan = RenamePlan(person: person, name: name, stem: stem, moved: person, links: links)
        let renamed = try plan.renaming(person.document)
        let path = stem.map { freePath(for: person, slug: $0) } ?? person.path
        return plan.moving(to: Person(path: path, bytes: renamed, settings: logSettings))
    }

    /// The path `move(_:toSlug:)` gives the person's file: `slug.md` in its folder, or `-2`,
    /// `-3`… when taken; the path it has when that is it.
    func freePath(for person: Person, slug: String) -> String {
        freePath(folder: FileSystem.parentDirectory(of: person.path), slug: slug, keeping: person.path)
    }

    /// `folder/slug.md`, or `-2`, `-3`… when taken (by a file or a symbolic link), as
    /// `create(slug:bytes:)` and `move(_:toSlug:)` name files; `keeping` counts as free.
    package func freePath(folder: String, slug: String, keeping: String? = nil) -> String {
        var n = 1
        while true {
            let path = folder + "/" + slug + (n == 1 ? "" : "-\(n)") + ".md"
            if path == keeping || !FileSystem.exists(root + "/" + path) && !FileSystem.isSymbolicLink(root + "/" + path) { return path }
            n += 1
        }
    }

    /// Does `plan` as `crm rename` does: the new name written, the file moved, then every
    /// link rewritten (see `rewriteLinks`), recorded (`Unfinished`) so that a rename stopped
    /// half way is finished by the next write. Returns the person as moved, the links
    /// rewritten and the files whose links could not be.
    package func apply(_ plan: RenamePlan) throws -> Renamed {
        try recording {
            let person = plan.person
            var record = Unfinished(.rename, path: person.path)
            (record.id, record.name, record.aliases, record.newName) = (person.id, person.name, person.document.aliases, plan.name)
            try self.record(record)
            let (renamed, _) = try update(person) { try plan.renaming($0) }
            let moved = try plan.stem.map { try move(renamed, toSlug: $0) } ?? renamed
            record.moved = moved.path
            try self.record(record)
            let (changes, failures) = rewriteLinks(moved.path == plan.moved.path ? plan : plan.moving(to: moved))
            return Renamed(person: moved, links: changes, failures: failures, keptFileName: plan.stem == nil)
        }
    }
}
