import CRMFormat
import CRMVault

/// `crm export --format vdir -o DIR`: one vCard file per person in DIR, as vdirsyncer, khard and
/// DAVx5 (through a CardDAV server) keep an address book, written so that a sync moves the least:
///
/// - Each card is `VCardExport.card`, its `UID` the person's `contact_id` (else the UID derived
///   from their id), in a file named for the UID alone (`fileName(uid:)`), the same on every export;
///   except that a card already in DIR with that UID under another name (made on the phone, named
///   by DAVx5 or vdirsyncer) is the person's card, written in its place: never a second file of
///   the same UID, which khard and the phone would show as two people.
/// - A card whose file already holds its bytes is not touched (its modification time stays);
///   another is replaced atomically. A card file changed since `crm` wrote it (edited on the
///   phone, or never written by `crm`) is replaced only when it holds nothing the vault lacks:
///   when `crm refresh` would take no phone, email, birthday or nickname from it. Otherwise it is
///   left as it is, and said: refresh first.
/// - `.crm-export` in DIR lists the cards `crm` wrote there with the SHA-1 of their bytes. A card
///   listed there whose person left the vault is removed when the file still holds those bytes;
///   a card changed since, or one `crm` never wrote, is never removed.
/// - Nothing is written through a symbolic link out of DIR (`FileSystem.pathInside`), and two
///   exports into one DIR run one after the other (the folder is locked while one writes).
package struct VdirExport: Sendable {
    /// Cards written (new or changed), by file name.
    package var written: [String] = []
    /// Cards that already held their bytes.
    package var unchanged = 0
    /// Cards removed: their people left the vault.
    package var removed: [String] = []
    /// Files left as they are, each with why, as warnings at the file.
    package var problems: [Diagnostic] = []
    /// How many people the folder's cards stand for.
    package var count = 0

    /// The file of the manifest, in the folder.
    package static let manifestName = ".crm-export"

    /// The card file of `uid`: a UUID (`urn:uuid:` or not) in lower case, else the version 5 UUID
    /// derived from the UID (`EventUID.stable("vcard:" + uid)`); then `.vcf`. Letters, digits and
    /// `-` only, 40 bytes, the same for UIDs that differ only in case where a UUID ignores it: a
    /// name every file system takes.
    package static func fileName(uid: String) -> String {
        let bare = uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
        let lower = bare.lowercased()
        let isUUID = lower.utf8.count == 36 && lower.utf8.enumerated().allSatisfy { index, byte in
            [8, 13, 18, 23].contains(index) ? byte == 0x2D : (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
        }
        return (isUUID ? lower : EventUID.stable("vcard:" + uid)) + ".vcf"
    }

    /// The manifest's lines: file name → digest. Lines that are not `DIGEST NAME` with a card's
    /// name (`isCardName`) are ignored (a hand-edited manifest names no other file).
    static func readManifest(_ bytes: [UInt8]) -> [String: String] {
        var entries: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[0].utf8.count == 40, isCardName(String(parts[1])) else { continue }
            entries[String(parts[1])] = String(parts[0])
        }
        return entries
    }

    /// Whether `name` can be a card's file in the folder: `NAME.vcf`, not hidden, no `/`, no
    /// control character.
    static func isCardName(_ name: String) -> Bool {
        name.hasSuffix(".vcf") && name.utf8.count > 4 && !name.hasPrefix(".")
            && !name.utf8.contains { $0 == 0x2F || $0 < 0x20 || $0 == 0x7F }
    }

    /// The cards in `folder` under a name other than their UID's (`fileName(uid:)`), by that
    /// name: `3f25….vcf` → `Ada.vcf` when the phone wrote Ada's card as `Ada.vcf`.
    static func renamedCards(in folder: String) -> [String: String] {
        var found: [String: String] = [:]
        for entry in FileSystem.list(folder) where !entry.isDirectory && !entry.isSymbolicLink && isCardName(entry.name) {
            let path = folder + "/" + entry.name
            guard let bytes = try? FileSystem.readFile(path).bytes else { continue }
            for uid in Set(VCardReader(path: path).read(bytes).contacts.compactMap(\.uid)) {
                let own = fileName(uid: uid)
                if own != entry.name, found[own] == nil || entry.name < found[own]! { found[own] = entry.name }
            }
        }
        return found
    }

    static func manifest(_ entries: [(name: String, digest: String)]) -> [UInt8] {
        var text = "# crm export --format vdir wrote these cards here: the SHA-1 of each card's bytes, then its file.\n"
            + "# A card listed here is removed when its person leaves the vault, if it still holds these bytes.\n"
        for entry in entries.sorted(by: { $0.name < $1.name }) { text += entry.digest + " " + entry.name + "\n" }
        return Array(text.utf8)
    }
}

extension VdirExport {
    /// Writes the card of everyone in `vault` into the folder `directory` (made when missing), as `VdirExport` says.
    package static func write(_ vault: Vault, to directory: String) throws(FileSystemError) -> VdirExport {
        let folder = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        try FileSystem.makeDirectories(folder)
        guard FileSystem.isDirectory(folder) else { throw FileSystemError(folder, refusing: "is not a folder", errno: 20) }
        do {
            return try FileSystem.withLock(on: folder) { () throws(FileSystemError) in try write(vault, into: folder) }
        } catch {
            // Both the lock and the export throw only `FileSystemError`.
            throw (error as? FileSystemError) ?? FileSystemError(folder, refusing: "was not written: \(error)", errno: 5)
        }
    }

    private static func write(_ vault: Vault, into folder: String) throws(FileSystemError) -> VdirExport {
        let place = "the folder " + folder
        var (people, problems) = vault.scan { $0.person }
        problems += people.compactMap(VCardExport.leftOut(of:))
        var outcome = VdirExport()
        let manifestPath = try FileSystem.pathInside(folder, VdirExport.manifestName, for: .write, place: place)
        let former = FileSystem.exists(manifestPath) ? VdirExport.readManifest((try? FileSystem.readFile(manifestPath).bytes) ?? []) : [:]
        var manifest: [(name: String, digest: String)] = []
        var owner: [String: Person] = [:]
        let renamed = VdirExport.renamedCards(in: folder)
        func keep(_ path: String, _ why: String) {
            outcome.problems.append(Diagnostic(path: path, line: 1, severity: .warning, message: why))
        }
        for (person, card) in zip(people, VaultExport.cards(of: people, in: vault)) {
            let uid = VCardExport.uid(for: person)
            let own = VdirExport.fileName(uid: uid)
            let name = FileSystem.exists(folder + "/" + own) ? own : renamed[own] ?? own
            if let first = owner[name] {
                keep(person.path, "has the contact_id of \(first.path) (\(uid)): one card per UID, so no card of its own")
                continue
            }
            owner[name] = person
            let bytes = Array(card.utf8)
            outcome.count += 1
            let path: String
            do { path = try FileSystem.pathInside(folder, name, for: .write, place: place) } catch {
                keep(folder + "/" + name, "not written: \(error.description)")
                continue
            }
            if FileSystem.exists(path) || FileSystem.isSymbolicLink(path) {
                let found: [UInt8]
                do { found = try FileSystem.readFile(path).bytes } catch {
                    keep(folder + "/" + name, "not replaced: \(error.reason)")
                    continue
                }
                if found == bytes {
                    outcome.unchanged += 1
                    manifest.append((name, TrashItem.digest(bytes)))
                    continue
                }
                // Changed since crm wrote it, or never written by crm: replaced only when the vault
                // already holds what it says.
                if former[name] != TrashItem.digest(found), let lacking = Self.lacking(in: person, from: found, uid: uid, path: path) {
                    keep(folder + "/" + name, "not replaced: changed since crm wrote it, and it has \(lacking) that \(person.path) has not; "
                         + "run 'crm refresh --contacts \(folder)' first")
                    continue
                }
            }
            try FileSystem.write(path, with: bytes)
            outcome.written.append(name)
            manifest.append((name, TrashItem.digest(bytes)))
        }
        // Cards crm wrote for people no longer in the vault, still as crm wrote them.
        for (name, digest) in former.sorted(by: { $0.key < $1.key }) where owner[name] == nil {
            guard let path = try? FileSystem.pathInside(folder, name, for: .name, place: place) else { continue }
            guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { continue }
            guard !FileSystem.isSymbolicLink(path), let found = try? FileSystem.readFile(path).bytes, TrashItem.digest(found) == digest else {
                keep(path, "kept: its person is no longer in the vault, but the card changed since crm wrote it")
                continue
            }
            FileSystem.removeIfPresent(path)
            outcome.removed.append(name)
        }
        if !outcome.removed.isEmpty { FileSystem.syncDirectory(folder) }
        try FileSystem.write(manifestPath, with: VdirExport.manifest(manifest))
        outcome.problems = problems + outcome.problems
        return outcome
    }

    /// What a card file's contact `uid` has that `person`'s file lacks (as `crm refresh` would
    /// take it: "phone +44 …", "birthday 1990-01-02"); nil when nothing, or when the file holds no
    /// such card.
    static func lacking(in person: Person, from bytes: [UInt8], uid: String, path: String) -> String? {
        guard let contact = VCardReader(path: path).read(bytes).contacts.first(where: { $0.uid == uid }) else { return nil }
        let old = ContactSnapshot(person.document)
        let changes = old.changes(to: old.updated(with: ContactSnapshot(contact, name: person.document.name), pruning: false))
        guard !changes.isEmpty else { return nil }
        return changes.map { change in
            let added = change.new.filter { !change.old.contains($0) }
            return change.key + " " + (added.isEmpty ? change.new : added).joined(separator: ", ")
        }.joined(separator: "; ")
    }
}
