/// `crm check`: every problem in a vault, sorted by path, line and column.
public enum VaultCheck {
    public static func run(_ vault: Vault) -> [Diagnostic] {
        var found = vault.config.diagnostics
        let (people, problems) = vault.loadAll()
        found += problems
        for person in people { found += person.document.problems }
        found += duplicates(people)
        for copy in vault.conflictCopies() {
            let original = ConflictCopy.originalPath(of: copy)
            found.append(Diagnostic(path: copy, line: 1, severity: .warning,
                                    message: "sync conflict copy of \(original); run 'crm resolve' to merge it into that file"))
        }
        // Stable: problems at one place keep the order they were found in.
        return found.enumerated().sorted { ($0.element.path, $0.element.line, $0.element.column, $0.offset)
            < ($1.element.path, $1.element.line, $1.element.column, $1.offset) }.map(\.element)
    }

    /// People sharing a contact id or a name (ignoring case and accents): reported on each but the first.
    static func duplicates(_ people: [Person]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var ids: [String: String] = [:], names: [String: String] = [:]
        for person in people {
            let doc = person.document
            if let id = doc.contactID, !id.isEmpty {
                if let first = ids[id] {
                    let line = doc.frontMatter?.pair("contact_id").map { $0.line + 1 } ?? 1
                    found.append(Diagnostic(path: person.path, line: line, severity: .warning,
                                            message: "same contact_id as \(first): two files for one contact?"))
                } else {
                    ids[id] = person.path
                }
            }
            let name = person.name.folded
            if let first = names[name] {
                let line = doc.frontMatter?.pair("name").map { $0.line + 1 } ?? 1
                found.append(Diagnostic(path: person.path, line: line, severity: .warning,
                                        message: "same name as \(first) ('\(person.name)'); PERSON arguments cannot tell them apart by name"))
            } else {
                names[name] = person.path
            }
        }
        return found
    }
}
