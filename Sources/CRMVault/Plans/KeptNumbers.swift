import CRMFormat

/// The numbers a person's log had when it was last listed, kept while `crm done` and `crm unlog`
/// change it, so that a number names the item it named in the listing the user read, never the
/// item that slid into its place. `crm done lena 1` run twice at once (or once more before
/// `crm show lena` lists the log again) ticks item 1 once: the second run finds item 1 ticked
/// and fails. Kept in `.crm/numbers/ID` (machine-local, like the trash) with the digest of the
/// file as the last `done` or `unlog` wrote it: any other change to the file (an editor, a sync,
/// `crm log`) and the numbers are the file's own again; `crm show` and browse's page of the
/// person, which show the numbers as they are now, forget them (`Vault.forgetNumbers(of:)`).
struct KeptNumbers: Equatable {
    /// What a number names: the 1-based line of its item in the file the digest is of, or the
    /// item's first line as it was when `crm unlog` removed it.
    enum Slot: Equatable {
        case line(Int)
        case removed(String)
    }

    /// The digest of the file (`TrashItem.digest`) the numbers hold for.
    var digest: String
    /// Number `n` is `slots[n - 1]`.
    var slots: [Slot]

    static let folder = ".crm/numbers"

    var bytes: [UInt8] {
        let lines = ["digest " + digest] + slots.map { slot in
            switch slot {
            case .line(let line): "line \(line)"
            case .removed(let text): "removed " + text
            }
        }
        return Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    init(digest: String, slots: [Slot]) {
        (self.digest, self.slots) = (digest, slots)
    }

    /// Reads what `bytes` says; nil when it is not a record of numbers (nothing is kept then).
    init?(bytes: [UInt8]) {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard let first = lines.first, first.hasPrefix("digest ") else { return nil }
        digest = String(first.dropFirst("digest ".count))
        var slots: [Slot] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("line "), let number = Int(line.dropFirst("line ".count)) { slots.append(.line(number)) }
            else if line.hasPrefix("removed ") { slots.append(.removed(String(line.dropFirst("removed ".count)))) }
            else { return nil }
        }
        self.slots = slots
    }
}

extension PersonDocument {
    /// The items of the log in the order `crm show` numbers them (item `n` is `[n - 1]`).
    var numberedItems: [LogItem] {
        guard let log else { return [] }
        let order = log.newestFirst()
        return order.map { LogItem.entry(log.entry(at: $0)) } + log.openFollowUps.map(LogItem.followUp)
    }

    /// The lines `item` takes, as one string: what says two versions of a file hold the same item.
    func lines(of item: LogItem) -> String {
        ((item.line - 1)..<(item.line - 1 + item.lineCount)).map(text.string).joined(separator: "\n")
    }
}

extension Vault {
    /// Where the numbers of `person`'s log are kept.
    private func keptNumbersPath(_ person: Person) -> String {
        KeptNumbers.folder + "/" + person.id.replacingSlashes
    }

    /// The numbers kept for `person`, when they hold for `document` (the file is the version the
    /// last `done` or `unlog` wrote).
    private func keptNumbers(_ person: Person, for document: PersonDocument) -> KeptNumbers? {
        guard let bytes = try? FileSystem.readFile(root + "/" + keptNumbersPath(person)).bytes,
              let kept = KeptNumbers(bytes: bytes), kept.digest == TrashItem.digest(document.text.bytes) else { return nil }
        return kept
    }

    /// Forgets the kept numbers of `person`: what a listing of the log as it is now (`crm show`,
    /// browse's page of the person) does, so that the numbers it shows are the ones
    /// `crm done` and `crm unlog` take.
    package func forgetNumbers(of person: Person) {
        guard let path = try? inside(keptNumbersPath(person)) else { return }
        FileSystem.removeIfPresent(path)
    }

    /// The item `number` names in `document` (`person`'s file): as the numbers were kept by the
    /// last `done` or `unlog` when they hold for this version, else as `crm show` numbers the file
    /// now. Throws, saying why, when there is no such item or `crm unlog` removed it.
    /// The one rule for what a number names, for `crm done N` and `crm unlog N`.
    func item(numbered number: Int, in document: PersonDocument, of person: Person) throws(VaultError) -> (item: LogItem, kept: Bool) {
        guard let kept = keptNumbers(person, for: document) else {
            guard let item = document.logItem(numbered: number) else { throw VaultError(document.noItem(number, id: person.id)) }
            return (item, false)
        }
        guard number >= 1, number <= kept.slots.count else { throw VaultError(document.noItem(number, id: person.id)) }
        switch kept.slots[number - 1] {
        case .removed(let text):
            throw VaultError("item \(number) of \(person.name), '\(text)', was removed by an earlier 'crm unlog'" + KeptNumbers.hint(person))
        case .line(let line):
            guard let item = document.numberedItems.first(where: { $0.line == line }) else {
                throw VaultError(document.noItem(number, id: person.id))
            }
            return (item, true)
        }
    }

    /// The item `number` names under the vault lock, in `document` as it is now; `read` is the item
    /// it named when the command read `person`'s file. When the file changed in between, the number
    /// names the same item when another `done` or `unlog` changed it (the numbers it kept follow the
    /// item: ticked, it is the ticked item); else it must still name the lines read, or the same
    /// item is looked for by its date, time, type, note and box (an editor or a sync added or moved
    /// an entry). Else nothing is done.
    func item(numbered number: Int, in document: PersonDocument, of person: Person, read: LogItem) throws(VaultError) -> (item: LogItem, kept: Bool) {
        let now = try? item(numbered: number, in: document, of: person)
        if let now, now.kept || document.lines(of: now.item) == person.document.lines(of: read) { return now }
        if keptNumbers(person, for: document) == nil, let same = document.sameItem(as: read) { return (same, false) }
        if let now {
            throw VaultError("\(person.path) changed while this command ran: item \(number) is now '\(document.text.string(now.item.line - 1))',"
                             + " not '\(person.document.text.string(read.line - 1))'; nothing was changed")
        }
        _ = try item(numbered: number, in: document, of: person)   // says why the number names nothing now
        throw VaultError("\(person.path) changed while this command ran and no longer holds item \(number); nothing was changed")
    }

    /// Keeps the numbers `before` had (kept, or as `crm show` numbered it) for the file as
    /// `after` is, now that `acted` (an item of `before`) is ticked onto line `actedLine` of
    /// `after`, or removed (nil). Every other item keeps its number on the line it moved to.
    /// Called under the vault lock, after the write; a failure to keep them is not an error (the
    /// digest then names no file, and the numbers are the file's own again).
    func keepNumbers(of person: Person, before: PersonDocument, acted: LogItem, becoming actedLine: Int?, after: [UInt8]) {
        let slots = keptNumbers(person, for: before)?.slots ?? before.numberedItems.map { KeptNumbers.Slot.line($0.line) }
        let afterDocument = PersonDocument(bytes: after, path: person.path, settings: logSettings)
        // The other items are unchanged and in the same order in the file: the same lines, taken in file order.
        var places: [String: [Int]] = [:]
        for item in afterDocument.numberedItems.sorted(by: { $0.line < $1.line }) where item.line != actedLine {
            places[afterDocument.lines(of: item), default: []].append(item.line)
        }
        let beforeItems = Dictionary(before.numberedItems.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        var kept = slots
        for (index, slot) in slots.enumerated().sorted(by: { $0.element.fileOrder < $1.element.fileOrder }) {
            guard case .line(let line) = slot, let item = beforeItems[line] else { continue }
            let text = before.text.string(line - 1)
            if line == acted.line {
                kept[index] = actedLine.map(KeptNumbers.Slot.line) ?? .removed(text)
            } else if let place = places[before.lines(of: item)]?.first {
                places[before.lines(of: item)]!.removeFirst()
                kept[index] = .line(place)
            } else {
                kept[index] = .removed(text)
            }
        }
        let record = KeptNumbers(digest: TrashItem.digest(after), slots: kept)
        do throws(FileSystemError) {
            try FileSystem.makeDirectories(try inside(KeptNumbers.folder, for: .folder))
            try FileSystem.write(try inside(keptNumbersPath(person)), with: record.bytes)
        } catch {
            forgetNumbers(of: person)
        }
    }
}

extension KeptNumbers {
    /// What a message adds when a number was read from the kept numbers.
    static func hint(_ person: Person) -> String {
        " (the numbers stay as 'crm show \(person.id)' last listed them until it lists them again)"
    }
}

private extension KeptNumbers.Slot {
    /// Where the item stands in the file (removed ones first: they are skipped).
    var fileOrder: Int {
        if case .line(let line) = self { return line }
        return 0
    }
}
