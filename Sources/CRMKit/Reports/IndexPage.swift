/// `INDEX.md` at the vault root (`crm index`): a table of everyone with links to their files,
/// their due dates soonest first, and the last 20 interactions.
///
/// The page depends only on the person files and the vault's config, never on the day it is
/// written, so it is byte for byte the same until a file changes (it is synced between devices).
/// Someone due at once (never contacted, no `added`) shows `now` instead of a date.
public enum IndexPage {
    /// The page's path relative to the vault.
    public static let path = "INDEX.md"
    /// How many interactions "Recent interactions" lists.
    public static let recentCount = 20

    /// The page's bytes (UTF-8, LF line endings).
    public static func render(people: [Person], config: VaultConfig) -> [UInt8] {
        // Today only matters to people due at once, and those are shown as `now` (see `datedDue`).
        let anyDay = Day(year: 2000, month: 1, day: 1)!
        let rows = people.map { ($0, $0.name.folded) }.sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
            .map { ($0.0, ContactSchedule(document: $0.0.document, config: config, today: anyDay)) }
        var out = "# People\n\n"
        out += "Written by `crm index` from the files under `people/`; edits here are lost when it runs again.\n\n"
        out += "| Name | Last contact | Every | Due | Tags |\n| --- | --- | --- | --- | --- |\n"
        for (person, schedule) in rows {
            let cells = [
                link(person),
                schedule.last.map { "\($0.date) \($0.type)" } ?? "never",
                schedule.cadence?.description ?? "",
                due(schedule),
                escaped(person.document.tags.joined(separator: ", ")),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if rows.isEmpty { out += "\nNobody yet.\n" }

        out += "\n## Due dates\n\nSoonest first; `crm due` tells who is due today.\n\n"
        // `rows` is in name order already; a stable sort by due date keeps it within a day.
        let scheduled = rows.enumerated().filter { $0.element.1.cadence != nil }.sorted { a, b in
            (a.element.1.datedDue?.dayNumber ?? Int.min, a.offset) < (b.element.1.datedDue?.dayNumber ?? Int.min, b.offset)
        }.map(\.element)
        for (person, schedule) in scheduled {
            let last = schedule.last.map { "last \($0.date)" } ?? "never contacted"
            let snoozed = schedule.isSnoozed ? ", snoozed" : ""
            out += "- \(due(schedule)) \(link(person)) (every \(schedule.cadence!)\(snoozed), \(last))\n"
        }
        if scheduled.isEmpty { out += "Nobody has a cadence.\n" }

        out += "\n## Recent interactions\n\n"
        var recent: [(person: Person, order: Int, entry: Interaction)] = []
        for person in people {
            recent += person.document.interactions.enumerated().map { (person, $0.offset, $0.element) }
        }
        recent.sort { a, b in
            let keyA = (-a.entry.date.dayNumber, -(a.entry.time.map { $0.hour * 60 + $0.minute } ?? -1), a.person.id, a.order)
            let keyB = (-b.entry.date.dayNumber, -(b.entry.time.map { $0.hour * 60 + $0.minute } ?? -1), b.person.id, b.order)
            return keyA < keyB
        }
        for (person, _, entry) in recent.prefix(recentCount) {
            let lines = entry.note.split(separator: "\n", omittingEmptySubsequences: false)
            let note = (lines.first.map(String.init) ?? "") + (lines.count > 1 ? " …" : "")
            out += "- \(entry.date)\(entry.time.map { " \($0)" } ?? "") \(entry.type), \(link(person)): \(note)\n"
        }
        if recent.isEmpty { out += "No interactions yet.\n" }
        return Array(out.utf8)
    }

    private static func due(_ schedule: ContactSchedule) -> String {
        guard schedule.cadence != nil else { return "" }
        return schedule.datedDue?.description ?? "now"
    }

    /// `[Name](people/the%20file.md)`: the name escaped for Markdown, the path percent-encoded
    /// where Markdown or a table would misread it (spaces, `|`, brackets, parentheses, `%`…).
    static func link(_ person: Person) -> String {
        "[\(escaped(person.name))](\(linkTarget(person.path)))"
    }

    static func linkTarget(_ path: String) -> String {
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), 0x80...:
                out.append(byte)
            default:
                out += Array(("%" + pad16(byte)).utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func pad16(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }

    /// Text with Markdown's inline markers and the table's `|` escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

extension Vault {
    /// What `INDEX.md` holds now; nil when there is none.
    public func readIndex() -> [UInt8]? {
        try? FileSystem.readFile(root + "/" + IndexPage.path).bytes
    }

    /// Writes `INDEX.md` atomically when its bytes differ from `bytes`; returns whether it wrote.
    @discardableResult
    public func writeIndex(_ bytes: [UInt8]) throws -> Bool {
        try FileSystem.withLock(on: root) {
            let full = root + "/" + IndexPage.path
            guard FileSystem.exists(full) else {
                try FileSystem.create(full, with: bytes)
                return true
            }
            let (current, stamp) = try FileSystem.readFile(full)
            if current == bytes { return false }
            try FileSystem.replace(full, with: bytes, mode: stamp.mode)
            return true
        }
    }
}
