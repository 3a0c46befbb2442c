import CRMFormat

/// The files a rename changed to keep links to the renamed person true.
package struct LinkChange: Sendable, Equatable {
    package var path: String
    /// 1-based lines changed, each only in its links.
    package var lines: [Int]
}

/// What `rename` did: the person as moved, and the links it rewrote across the vault.
package struct Renamed: Sendable {
    package var person: Person
    package var links: [LinkChange]
    /// Files whose links could not be rewritten, with why (the rename itself is done).
    package var failures: [String]
    /// Whether the file kept its name because it was not made from the person's name (`Slug.renamed`).
    package var keptFileName = false
}

/// What `rm` did: where the removed file went, and the links left pointing at nobody.
package struct Removed: Sendable {
    package var trash: String
    package var dangling: [LinkReference]
}

extension Vault {
    /// Moves a person to the trash (see `trash`) and says which links named them.
    package func remove(_ person: Person, stamp: String) throws -> Removed {
        let dangling = VaultLinks.read(self).references(to: person.id)
        return Removed(trash: try trash(person, stamp: stamp), dangling: dangling)
    }

    /// Rewrites every link that named `old` (as `before` resolved it) to name `new` (the same
    /// person renamed, moved): person files, daily notes and the other notes of the vault, each
    /// file written as every write is (atomically, its edit applied again when someone changed
    /// it meanwhile), only the links' bytes changed. A target is kept in its form (an id stays an
    /// id, a name a name) when that form names the person after the rename, else it becomes the
    /// new id; text that was the old name (or, in `related`, `RELATION: old name`) becomes the
    /// new name; a `#heading` and any other text stay.
    func rewriteLinks(_ plan: RenamePlan) -> (changes: [LinkChange], failures: [String]) {
        let (old, new, rewrite) = (plan.person, plan.moved, plan.rewrite)
        var changes: [LinkChange] = []
        var failures: [String] = []
        for path in plan.linkingPaths {
            let current = path == old.path ? new.path : path
            var lines: [Int] = []
            do {
                if current.hasPrefix("people/") {
                    let person = try load(path: current)
                    try update(person, change: "links to \(new.name)") { document in
                        let (bytes, changed) = rewrite.apply(to: document.text)
                        lines = changed
                        return bytes
                    }
                } else {
                    try rewriteNote(current) { text in
                        let (bytes, changed) = rewrite.apply(to: text)
                        lines = changed
                        return bytes
                    }
                }
            } catch {
                failures.append("\(current): \(error)")
                continue
            }
            if !lines.isEmpty { changes.append(LinkChange(path: current, lines: lines)) }
        }
        return (changes, failures)
    }

    /// Applies `edit` to a note (a file of the vault that is not a person file) as `update` does
    /// for person files: under the vault lock, atomically, again on the new content when the file
    /// changed meanwhile. A note that is not UTF-8 text, or is a symbolic link, is not written.
    func rewriteNote(_ path: String, _ edit: (TextBuffer) throws -> [UInt8]) throws {
        try FileSystem.withLock(on: root) {
            try prepareWrite()
            let full = try inside(path)
            guard !FileSystem.isSymbolicLink(full) else { throw VaultError("not changed: it is a symbolic link") }
            for _ in 0..<5 {
                let (bytes, stamp) = try FileSystem.readFile(full)
                guard UTF8Validation.isValid(bytes), !bytes.contains(0) else { throw VaultError("not changed: it is not UTF-8 text") }
                let new = try edit(TextBuffer(bytes))
                if new == bytes { return }
                if try FileSystem.replace(full, with: new, ifUnchangedSince: stamp, original: bytes, locked: true) {
                    recordWrite(full)
                    return
                }
            }
            throw VaultError("\(path) kept changing while it was being written; its links were not changed, try again")
        }
    }
}

/// The rewriting of one person's links in a file, by byte offsets: nothing but the links' targets
/// and texts changes, line endings included.
struct LinkRewrite: Sendable {
    let old: Person
    let new: Person
    let before: LinkResolver
    let after: LinkResolver

    /// The rewriting of the links that named `old` (as `links` resolved them) to name `new`.
    init(old: Person, new: Person, _ links: VaultLinks) {
        (self.old, self.new, before) = (old, new, links.resolver)
        after = links.resolver.replacing(old.id, with: LinkResolver.Identity(id: new.id, name: new.name, aliases: new.document.aliases))
    }

    /// The file's bytes with each link that named `old` rewritten, and the 1-based lines changed.
    func apply(to text: TextBuffer) -> (bytes: [UInt8], lines: [Int]) {
        let (edits, lines) = edits(in: text)
        return (ByteEdit.apply(edits, to: text.bytes), lines)
    }

    /// The changes `apply(to:)` makes, in order and apart, and the 1-based lines they are on.
    func edits(in text: TextBuffer) -> (edits: [ByteEdit], lines: [Int]) {
        var edits: [ByteEdit] = []
        var lines: [Int] = []
        let frontMatter = FileLinks.frontMatterLines(text)
        PersonLink.forEachLine(in: text, plain: frontMatter) { i, b, links in
            let start = text.lines[i].start
            var changed = false
            for written in links where written.mayNamePerson || written.isEmbed {
                // In a front matter, the link stands inside a YAML string: read and written with its quoting.
                let quote = frontMatter.contains(i) ? PersonLink.yamlQuote(before: written.span.lowerBound, in: b) : nil
                let link = written.unquoted(quote)
                guard before.person(link.target) == old.id else { continue }
                if let target = newTarget(link.target), target != link.target {
                    edits.append(ByteEdit((start + link.targetSpan.lowerBound)..<(start + link.targetSpan.upperBound), PersonLink.quoted(target, quote)))
                    changed = true
                    // A link without text showed its target: it goes on showing a name (before the `]]`),
                    // in a front matter as in the text, quoted as its YAML string needs.
                    if link.textSpan == nil, !link.isEmbed, let shown = shownText(link.target, newTarget: target) {
                        let inTable = !frontMatter.contains(i) && b.first { $0 != 0x20 && $0 != 0x09 } == 0x7C
                        let end = start + written.span.upperBound - 2
                        edits.append(ByteEdit(end..<end, PersonLink.quoted((inTable ? "\\|" : "|") + shown, quote)))
                    }
                }
                if let span = link.textSpan, let text = link.text, let shown = newText(text), shown != text {
                    edits.append(ByteEdit((start + span.lowerBound)..<(start + span.upperBound), PersonLink.quoted(shown, quote)))
                    changed = true
                }
            }
            if changed { lines.append(i + 1) }
        }
        return (edits, lines)
    }

    /// The target that names `new` in the form `target` named `old`: the id (with `people/` or
    /// `.md` as written), the file name, the name; an alias stays. Nil: leave it.
    func newTarget(_ target: String) -> String? {
        let key = LinkResolver.key(target)
        let suffix = LinkResolver.hasMarkdownSuffix(target.trimmingSpaces) ? ".md" : ""
        let oldID = old.id.folded
        var candidate: String
        if key == oldID { candidate = new.id } else if key == "people/" + oldID { candidate = "people/" + new.id } else if
            let slash = old.id.lastIndex(of: "/"), key == String(old.id[old.id.index(after: slash)...]).folded {
            candidate = String(new.id.split(separator: "/").last ?? Substring(new.id))
        } else if key == old.name.folded {
            candidate = new.name
        } else {
            candidate = target.trimmingSpaces
            if LinkResolver.hasMarkdownSuffix(candidate) { candidate = String(candidate.dropLast(3)) }
        }
        if LinkResolver.key(candidate) == key, after.person(candidate) == new.id { return nil }   // it names them as it is
        if after.person(candidate) != new.id || !PersonLink.canHold(candidate) { candidate = new.id }
        return candidate + suffix
    }

    /// The text a link without any should show once its target `written` became `newTarget`: what
    /// it showed when that still names the person (an alias: `[[Mom]]` → `[[francesca-rossi|Mom]]`,
    /// as Obsidian resolves only a file name, not an alias, from a link's target), the new name
    /// when it showed the old one and the target is not that name; nil when the new target shows
    /// what it should (an id for an id).
    func shownText(_ written: String, newTarget: String) -> String? {
        var shown = written.trimmingSpaces
        if LinkResolver.hasMarkdownSuffix(shown) { shown = String(shown.dropLast(3)) }
        guard LinkResolver.key(newTarget) != LinkResolver.key(shown) else { return nil }
        if after.person(shown) == new.id { return shown }
        if shown.folded == old.name.folded, LinkResolver.key(newTarget) != new.name.folded, PersonLink.canHold(new.name) { return new.name }
        return nil
    }

    /// The new text of a link that showed `text`: the new name for the old one, `RELATION: new
    /// name` for `RELATION: old name`; nil when it stays.
    func newText(_ text: String) -> String? {
        guard PersonLink.canHold(new.name) else { return nil }
        if text.trimmingSpaces.folded == old.name.folded { return new.name }
        if let colon = text.firstIndex(of: ":"), String(text[text.index(after: colon)...]).trimmingSpaces.folded == old.name.folded {
            return String(text[...colon]) + " " + new.name
        }
        return nil
    }
}
