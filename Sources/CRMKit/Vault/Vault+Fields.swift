/// Editing a person's front matter and name: the operations behind `set`, `unset` and `rename`
/// (`rm` is `trash`). Each takes `change`, what it does for a commit message (see `update`).
extension Vault {
    /// Sets each field in turn (see `PersonDocument.setting`), the document read again after each,
    /// so a key given twice is written once. Returns the person as written and whether the file changed.
    @discardableResult
    public func set(_ person: Person, _ assignments: [FieldAssignment], change: String? = nil) throws -> (person: Person, changed: Bool) {
        try update(person, change: change) { document in
            var bytes = document.text.bytes
            for assignment in assignments {
                bytes = try PersonDocument(bytes: bytes, path: document.path, settings: logSettings)
                    .setting(assignment.key, to: assignment.value)
            }
            return bytes
        }
    }

    /// Removes each key with its value (see `PersonDocument.removing`); keys checked first with
    /// `FieldAssignment.checkRemovable`. Returns the person as written and whether the file changed.
    @discardableResult
    public func unset(_ person: Person, _ keys: [String], change: String? = nil) throws -> (person: Person, changed: Bool) {
        try FieldAssignment.checkRemovable(keys)
        return try update(person, change: change) { document in
            var bytes = document.text.bytes
            for key in keys {
                bytes = try PersonDocument(bytes: bytes, path: document.path, settings: logSettings).removing(key)
            }
            return bytes
        }
    }

    /// Gives `person` the display name `name` (from `FieldAssignment.name`), then moves the file to
    /// the slug of that name in its folder, then rewrites the links across the vault that named
    /// them (see `renameAndRelink`). Refuses a name another person has (ignoring case and
    /// accents) unless `force`. Returns the person as moved.
    @discardableResult
    public func rename(_ person: Person, to name: String, force: Bool = false, change: String? = nil) throws -> Person {
        try renameAndRelink(person, to: name, force: force, change: change).person
    }

    /// `rename`, returning the links it rewrote (see `rewriteLinks`) and the files it could not.
    public func renameAndRelink(_ person: Person, to name: String, force: Bool = false, change: String? = nil) throws -> Renamed {
        if !force, let same = duplicate(name: name, excluding: person.id) {
            throw VaultError(Vault.duplicateMessage(same, name: name) + "; use --force to rename anyway")
        }
        let links = VaultLinks.read(self)
        let (renamed, _) = try update(person, change: change) { try $0.setting("name", to: .string(name)) }
        let moved = try move(renamed, toSlug: Slug.make(name))
        let (changes, failures) = rewriteLinks(from: person, to: moved, links)
        return Renamed(person: moved, links: changes, failures: failures)
    }

}
