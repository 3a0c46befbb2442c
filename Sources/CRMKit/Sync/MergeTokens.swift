import CRMFormat
import CRMVault

/// A person file cut into the units a merge compares: a front-matter key with its value lines, a
/// log entry (or an undated follow-up) with its continuation lines, or any other single line.
///
/// Each unit has an id that the line merge (`Diff3`) compares. A key's id is its name (so a changed
/// value still pairs with the base's key, and the value is merged separately); an entry's id is its
/// normalised text (date, time, type, note; not its checkbox), so `* [[2026-11-20]] Visit: x` and
/// `- 2026-11-20 visit: x` are the same entry; any other line's id is its text and where it is
/// (front matter, log, or notes), so a blank line in the log never pairs with one in the notes.
struct MergeTokens {
    enum Region: Character { case frontMatter = "F", log = "G", notes = "N" }

    /// What a key or entry unit holds in this version.
    struct Unit {
        var lines: [String]
        /// The key's value, for keys.
        var value: YAMLNode?
        /// The value as one line of YAML (`"+1 555 0100"`, `[a, b]`), for conflict comments.
        var inlineText: String?
        /// The entry, for dated entries.
        var entry: Interaction?
        /// The follow-up, for undated follow-ups (`- [ ] NOTE`).
        var followUp: FollowUp?

        /// The entry's or follow-up's box.
        var checkbox: Interaction.Checkbox? { entry?.checkbox ?? followUp.map { $0.isDone ? .done : .open } }

        /// What `EntryPairing` compares, for entries and follow-ups.
        var pairingItem: EntryPairing.Item? {
            if let entry { return .init(date: entry.date, time: entry.time, type: entry.type, note: entry.note, checkbox: entry.checkbox) }
            guard let followUp else { return nil }
            return .init(date: nil, time: nil, type: "note", note: followUp.note, checkbox: followUp.isDone ? .done : .open)
        }
    }

    /// The sections a merge never moves a line between, in file order: front matter, notes
    /// before the log, the log (with its heading), notes after it.
    static let sectionCount = 4
    private(set) var ids: [String] = []
    /// For each section, the range of `ids` it holds (empty when the file has no such section).
    private(set) var sections: [Range<Int>] = []
    private(set) var units: [String: Unit] = [:]
    /// The order of the file's log, when it has two or more entries.
    let order: InteractionLog.Order

    init(_ document: PersonDocument) {
        let text = document.text
        order = document.log?.order ?? .none
        var counts: [String: Int] = [:]
        func uniqueID(_ base: String) -> String {
            counts[base, default: 0] += 1
            return counts[base]! == 1 ? base : base + "\u{1}\(counts[base]!)"
        }
        var i = 0
        var sectionOfIDs: [Int] = []
        func section(of line: Int) -> Int {
            if let frontMatter = document.frontMatter, line <= frontMatter.closeLine { return 0 }
            guard let log = document.log, line >= log.headingLine else { return 1 }
            return line < log.end ? 2 : 3
        }
        let frontMatter = document.frontMatter
        let pairStarts = Dictionary((frontMatter?.pairs ?? []).map { ($0.lineIndex, $0) }, uniquingKeysWith: { a, _ in a })
        let log = document.log
        let entryStarts = Dictionary((log?.entries ?? []).map { ($0.line - 1, $0) }, uniquingKeysWith: { a, _ in a })
        let followUpStarts = Dictionary((log?.followUps ?? []).map { ($0.line - 1, $0) }, uniquingKeysWith: { a, _ in a })
        while i < text.lineCount {
            if let frontMatter, i > frontMatter.openLine, i < frontMatter.closeLine, let pair = pairStarts[i] {
                let id = uniqueID("K\u{1}" + pair.key)
                let lines = (pair.lineIndex..<pair.endLineIndex).map(text.string)
                ids.append(id)
                sectionOfIDs.append(0)
                units[id] = Unit(lines: lines, value: pair.value, inlineText: MergeTokens.inlineText(pair, text: text))
                i = pair.endLineIndex
                continue
            }
            if let log, i >= log.contentStart, i < log.end, let entry = entryStarts[i] {
                let id = uniqueID("E\u{1}" + MergeTokens.normalised(entry))
                ids.append(id)
                sectionOfIDs.append(2)
                units[id] = Unit(lines: (i..<(i + entry.lineCount)).map(text.string), entry: entry)
                i += entry.lineCount
                continue
            }
            if let log, i >= log.contentStart, i < log.end, let followUp = followUpStarts[i] {
                let id = uniqueID("E\u{1}- " + followUp.note)
                ids.append(id)
                sectionOfIDs.append(2)
                units[id] = Unit(lines: (i..<(i + followUp.lineCount)).map(text.string), followUp: followUp)
                i += followUp.lineCount
                continue
            }
            let region: Region
            if let frontMatter, i <= frontMatter.closeLine { region = .frontMatter }
            else if let log, i >= log.contentStart, i < log.end { region = .log }
            else { region = .notes }
            ids.append(MergeTokens.lineID(text.string(i), region))
            sectionOfIDs.append(section(of: i))
            i += 1
        }
        var start = 0
        for section in 0..<MergeTokens.sectionCount {
            var end = start
            while end < sectionOfIDs.count, sectionOfIDs[end] == section { end += 1 }
            sections.append(start..<end)
            start = end
        }
    }

    static func lineID(_ line: String, _ region: Region) -> String { "L\(region.rawValue)\u{1}" + line }

    static func isKey(_ id: String) -> Bool { id.hasPrefix("K\u{1}") }
    /// Entries and undated follow-ups (`- [ ] NOTE`), whose ids start with their date or with `- `.
    static func isEntry(_ id: String) -> Bool { id.hasPrefix("E\u{1}") }

    /// The region of a unit: keys belong to the front matter, entries to the log.
    static func region(_ id: String) -> Region {
        if isKey(id) { return .frontMatter }
        if isEntry(id) { return .log }
        return Region(rawValue: id.dropFirst().first!) ?? .notes
    }

    /// The key name of a key id.
    static func keyName(_ id: String) -> String {
        String(id.dropFirst(2).prefix { $0 != "\u{1}" })
    }

    /// The lines a unit stands for in this version.
    func lines(_ id: String) -> [String]? {
        if let unit = units[id] { return unit.lines }
        guard !MergeTokens.isKey(id), !MergeTokens.isEntry(id) else { return nil }
        return [String(id.drop { $0 != "\u{1}" }.dropFirst())]
    }

    /// `date time type note`, with the note's lines trimmed: what makes two entries the same.
    static func normalised(_ entry: Interaction) -> String {
        "\(entry.date) \(entry.time.map { "\($0)" } ?? "-") \(entry.type) \(entry.note)"
    }

    /// A key's value on one line: as written when it is on the key's line, else as a flow
    /// sequence or a double-quoted scalar.
    private static func inlineText(_ pair: YAMLSpannedPair, text: TextBuffer) -> String {
        if let range = pair.inlineValue {
            let line = text.content(pair.lineIndex)
            return String(decoding: line.dropFirst(range.lowerBound).prefix(range.count), as: UTF8.self)
        }
        switch pair.value {
        case .empty: return ""
        case .scalar(let s, _): return YAMLQuoting.doubleQuoted(s)
        case .sequence(let items) where items.allSatisfy({ $0.string != nil }):
            return YAMLQuoting.flowSequence(items.compactMap(\.string))
        default:
            return ((pair.lineIndex + 1)..<pair.endLineIndex).map { text.string($0).trimmingSpaces }.joined(separator: " ")
        }
    }
}
