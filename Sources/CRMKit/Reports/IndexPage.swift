import CRMFormat
import CRMVault

/// `INDEX.md` at the vault root (`crm index`): a table of everyone with links to their files,
/// their due dates soonest first, the open items coming up, and the last 20 interactions.
///
/// The page depends only on the person files, the daily notes and the vault's config, never on
/// the day it is written, so it is byte for byte the same until a file changes (it is synced between devices).
/// Someone due at once (never contacted, no `added`) shows `now` instead of a date.
package enum IndexPage {
    /// The page's path relative to the vault.
    package static let path = "INDEX.md"
    /// How many interactions "Recent interactions" lists.
    static let recentCount = 20

    /// One person as the page shows them: the schedule the files alone give (on no day, so the
    /// page does not change with the day), their open items and follow-ups.
    package typealias Row = PeopleListing.Row

    /// One interaction for "Recent interactions", listed once: with its person and its place in
    /// their log, or a daily note's item with everyone it names and its line.
    package struct RecentEntry: Sendable {
        package let people: [Row]
        /// The entry's position among the person's interactions, newest first, or its line in
        /// the daily note (a tie-breaker).
        package let order: Int
        package let entry: Interaction
    }

    /// The page's bytes (UTF-8, LF line endings) for everyone as the files alone say
    /// (`Everyone(vault, today: nil)`), and the warnings to print: files that could not be read
    /// are left out (see `ReadProblems`).
    ///
    /// Only the facts of each file are needed for the table (they come from the cache), and only
    /// the files that can hold one of the last 20 interactions are read for that list: those whose
    /// last interaction is no older than the 20th most recent last interaction.
    package static func render(_ everyone: Everyone) -> (bytes: [UInt8], people: Int, problems: [Diagnostic]) {
        let (people, problems) = Row.listed(everyone, today: nil)
        let lasts = people.compactMap { $0.schedule.last?.date }.sorted(by: >)
        let threshold = lasts.count >= recentCount ? lasts[recentCount - 1] : nil
        let candidates = people.filter { person in
            guard let last = person.schedule.last?.date else { return false }
            return threshold.map { last >= $0 } ?? true
        }
        let byPath = Dictionary(candidates.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let (recent, more) = everyone.vault.scan(paths: candidates.map(\.path)) { file -> [RecentEntry]? in
            guard let facts = byPath[file.path] else { return nil }
            return file.person.document.interactions.filter(\.isInteraction).enumerated().compactMap { order, entry in
                threshold.map { entry.date >= $0 } ?? true ? RecentEntry(people: [facts], order: order, entry: entry) : nil
            }
        }
        // A daily note's item once, with everyone it names (a shared entry is in its owner's log above).
        let byID = Dictionary(people.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let daily = everyone.dailyNoteItems.compactMap { item -> RecentEntry? in
            let named = item.people.compactMap { byID[$0] }
            guard item.interaction.isInteraction, !named.isEmpty, threshold.map({ item.interaction.date >= $0 }) ?? true else { return nil }
            return RecentEntry(people: named, order: item.interaction.line, entry: item.interaction)
        }
        return (render(people: people, recent: recent.flatMap { $0 } + daily), people.count, problems + more)
    }

    /// The page's bytes from everyone's rows and the interactions that may be recent enough.
    package static func render(people: [Row], recent candidates: [RecentEntry]) -> [UInt8] {
        let rows = nameOrder(people.map(\.sortName), ids: people.map(\.id)).map { people[$0] }
        var out: [UInt8] = []
        out.reserveCapacity(256 * (people.count + 4))   // about a table row and a due line each: no copies while growing
        out += "# People\n\n".utf8
        out += "Written by `crm index` from the files under `people/` and the daily notes; edits here are lost when it runs again.\n\n".utf8
        out += "| Name | Last contact | Every | Due | Tags |\n| --- | --- | --- | --- | --- |\n".utf8
        var dueDays: [(day: Int, row: Int)] = []
        for (row, person) in rows.enumerated() {
            let schedule = person.schedule
            out += "| ".utf8
            out += link(person).utf8
            out += " | ".utf8
            if let last = schedule.last {
                out += last.date.description.utf8
                out.append(UInt8(ascii: " "))
                out += last.type.utf8
            } else {
                out += "never".utf8
            }
            out += " | ".utf8
            out += (schedule.cadence?.description ?? "").utf8
            out += " | ".utf8
            out += due(schedule).utf8
            out += " | ".utf8
            out += escaped(person.tags.joined(separator: ", ")).utf8
            out += " |\n".utf8
            if schedule.cadence != nil { dueDays.append((schedule.datedDue?.dayNumber ?? Int.min, row)) }
        }
        if rows.isEmpty { out += "\nNobody yet.\n".utf8 }

        out += "\n## Due dates\n\nSoonest first; `crm due` tells who is due today.\n\n".utf8
        // `rows` is in name order already: by day, then by row, keeps it within a day.
        dueDays.sort { $0 < $1 }
        for person in dueDays.lazy.map({ rows[$0.row] }) {
            let schedule = person.schedule
            let last = schedule.last.map { "last \($0.date)" } ?? "never contacted"
            let snoozed = schedule.isSnoozed ? ", snoozed" : ""
            out += "- \(due(schedule)) \(link(person)) (every \(schedule.cadence!)\(snoozed), \(last))\n".utf8
        }
        if dueDays.isEmpty { out += "Nobody has a cadence.\n".utf8 }

        out += "\n## Coming up\n\nOpen items (`- [ ] …`), earliest first; `crm agenda` shows what is coming day by day.\n\n".utf8
        let open = rows.flatMap { person in person.open.map { (person, $0) } }.sorted { $0.1.date < $1.1.date }
        for (person, entry) in open {
            out += ("- \(entry.date)\(entry.time.map { " \($0)" } ?? "") \(entry.type), \(link(person)): \(firstLine(entry.note))\n").utf8
        }
        for person in rows {
            for note in person.followUps { out += "- someday, \(link(person)): \(firstLine(note))\n".utf8 }
        }
        if open.isEmpty && !rows.contains(where: { !$0.followUps.isEmpty }) { out += "Nothing planned.\n".utf8 }

        out += "\n## Recent interactions\n\n".utf8
        let recent = candidates.sorted { a, b in
            let keyA = (-a.entry.date.dayNumber, -(a.entry.time.map { $0.hour * 60 + $0.minute } ?? -1), a.people[0].id, a.order)
            let keyB = (-b.entry.date.dayNumber, -(b.entry.time.map { $0.hour * 60 + $0.minute } ?? -1), b.people[0].id, b.order)
            return keyA < keyB
        }
        for item in recent.prefix(recentCount) {
            let entry = item.entry
            out += ("- \(entry.date)\(entry.time.map { " \($0)" } ?? "") \(entry.type), \(SharedEntry.list(item.people.map(link))): \(firstLine(entry.note))\n").utf8
        }
        if recent.isEmpty { out += "No interactions yet.\n".utf8 }
        return out
    }

    /// A note's first line, with " …" when it goes on; its Markdown kept, its controls shown as
    /// `VisibleText` shows them.
    private static func firstLine(_ note: String) -> String {
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        return VisibleText.shown(lines.first ?? "") + (lines.count > 1 ? " …" : "")
    }

    private static func due(_ schedule: DueSchedule) -> String {
        guard schedule.cadence != nil else { return "" }
        return schedule.datedDue?.description ?? "now"
    }

    /// `[Name](people/the%20file.md)`: the name escaped for Markdown, the path percent-encoded
    /// where Markdown or a table would misread it (spaces, `|`, brackets, parentheses, `%`…).
    static func link(_ person: Row) -> String {
        "[\(escaped(person.name))](\(linkTarget(person.path)))"
    }

    static func linkTarget(_ path: String) -> String {
        func isKept(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), 0x80...: true
            default: false
            }
        }
        guard !path.utf8.allSatisfy(isKept) else { return path }
        var out: [UInt8] = []
        for byte in path.utf8 {
            if isKept(byte) { out.append(byte) } else { out += Array(("%" + byte.hex(uppercase: true)).utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text as one line of Markdown that marks nothing up: its line breaks and other controls
    /// shown as `VisibleText` shows them (`\n`, `\e`), so no name ends a table row or starts a
    /// heading, then Markdown's inline markers, `#` and the table's `|` escaped with a backslash.
    static func escaped(_ text: String) -> String {
        func isMarker(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "#"): true
            default: false
            }
        }
        let text = VisibleText.shown(text)
        guard text.utf8.contains(where: isMarker) else { return text }
        var out: [UInt8] = []
        for byte in text.utf8 {
            if isMarker(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Vault {
    /// What `INDEX.md` holds now; nil when there is none.
    package func readIndex() -> [UInt8]? {
        try? FileSystem.readFile(root + "/" + IndexPage.path).bytes
    }

    /// Whether `INDEX.md` holds `bytes`: false when it differs, is missing or cannot be read.
    package func indexHolds(_ bytes: [UInt8]) -> Bool {
        (try? FileSystem.fileHolds(root + "/" + IndexPage.path, bytes).same) ?? false
    }

    /// Writes `INDEX.md` atomically when its bytes differ from `bytes`; returns whether it wrote.
    @discardableResult
    package func writeIndex(_ bytes: [UInt8]) throws -> Bool {
        try FileSystem.withLock(on: root) {
            let full = try inside(IndexPage.path, for: .write)
            guard FileSystem.exists(full) else {
                try prepareWrite()
                try FileSystem.create(full, with: bytes)
                recordWrite(full)
                return true
            }
            let (same, stamp) = try FileSystem.fileHolds(full, bytes)
            if same { return false }
            try prepareWrite()
            try FileSystem.replace(full, with: bytes, mode: stamp.mode)
            recordWrite(full)
            return true
        }
    }
}
