/// Daily notes (`journal: DIR` in `.crm/config.yaml`): a Markdown file whose name starts with
/// its day, as Obsidian (`2026-11-20.md`, `2026-11-20 Friday.md`) and Logseq (`2026_11_20.md`)
/// name them. Each list item that links people is an interaction with each of them.
package enum DailyNote {
    /// The day a daily note's file name starts with (`path` may be a path: only its last part
    /// counts); nil when it does not start with one.
    package static func day(ofFile path: String) -> Day? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard PersonLink.isDay(name) else { return nil }
        let b = Array(name.utf8.prefix(10))
        func number(_ range: Range<Int>) -> Int { b[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        return Day(year: number(0..<4), month: number(5..<7), day: number(8..<10))
    }

    /// Logseq's task markers: the item is an open plan (`TODO`, `LATER`, `NOW`, `DOING`,
    /// `WAITING`), done (`DONE`), or not an interaction at all (`CANCELED`, `CANCELLED`).
    static let markers: [String: Interaction.Checkbox?] = [
        "TODO": .open, "LATER": .open, "NOW": .open, "DOING": .open, "WAITING": .open, "DONE": .done,
        "CANCELED": nil, "CANCELLED": nil,
    ]
}

extension FileLinks {
    /// The links of a daily note of `day`. Each list item (at any depth: Logseq nests items with
    /// tabs), with the lines indented under it, is an entry when it holds links: on `day`, or on
    /// the item's own leading `YYYY-MM-DD`; then an optional `HH:MM` and `TYPE:` as in a log entry
    /// (type `note` without one). `- [ ]` (or Logseq's `TODO`) is an open plan, `- [x]` (`DONE`)
    /// done. A link on any other line (text, headings, the front matter) is a mention.
    package init(dailyNote bytes: [UInt8], path: String, day: Day, types: [String]) {
        self.init()
        if let problem = TextProblem(bytes) {
            problems.append(Diagnostic(path: path, line: problem.line, rule: .unreadableFile, message: "daily note is not read: \(problem.reason)"))
            return
        }
        guard PersonLink.mayHoldLinks(bytes) else { return }
        let text = TextBuffer(bytes)
        let frontMatter = Self.frontMatterLines(text)
        let items = DailyNoteItems(text, from: frontMatter.upperBound)
        var linked: [Int: [LinkTarget]] = [:]
        PersonLink.forEachLine(in: text, plain: frontMatter) { i, b, links in
            if frontMatter.contains(i) {
                return add(links.map { $0.unquoted(PersonLink.yamlQuote(before: $0.span.lowerBound, in: b)) }, at: i, line: b)
            }
            guard let item = items.owner[i] else { return add(links, at: i, line: b) }
            let targets = separated(links, at: i, line: b)
            guard !targets.isEmpty else { return }
            linked[item, default: []] += targets
        }
        // A child item is its holder's note, and its links are the holder's.
        let holders = items.holders(linking: Set(linked.keys))
        var held: [Int: [LinkTarget]] = [:]
        for item in linked.keys.sorted() { held[holders[item] ?? item, default: []] += linked[item]! }
        var children: [Int: [Int]] = [:]
        for (line, item) in items.owner where holders[item].map({ $0 != item }) ?? false {
            children[holders[item]!, default: []].append(line)
        }
        for item in held.keys.sorted() {
            switch items.entry(at: item, children: (children[item] ?? []).sorted(), in: text, day: day, types: types, path: path) {
            case .entry(let interaction, let warning):
                entries.append(LinkedEntry(interaction: interaction, links: held[item]!))
                if let warning { problems.append(warning) }
            case .problem(let problem):
                problems.append(problem)
            case .none:
                break
            }
        }
    }
}

/// Which list item each line of a daily note belongs to: an item's own line, and the lines
/// indented deeper than its bullet below it (blank lines between them do not end it) up to the
/// next item; and which item each item is nested under.
struct DailyNoteItems {
    /// Line (0-based) → the line of the item it belongs to; lines outside items are absent.
    var owner: [Int: Int] = [:]
    /// Item line → the last line that belongs to it (its children not counted).
    var last: [Int: Int] = [:]
    /// Item line → the line of the item it is nested under.
    var parent: [Int: Int] = [:]
    /// The items that are tasks: Logseq's `TODO`, `DONE`, … or a checkbox `[ ]`, `[x]`.
    var tasks: Set<Int> = []

    init(_ text: TextBuffer, from start: Int) {
        text.withLines { line in
            var open: [(line: Int, indent: Int)] = []
            for i in start..<text.lineCount {
                let b = line(i)
                var indent = 0, k = 0
                while k < b.count, b[k] == 0x20 || b[k] == 0x09 { indent += b[k] == 0x09 ? 4 : 1; k += 1 }
                if k == b.count { continue }   // blank: the item may go on below
                let content = PersonLink.listItemContent(b, from: k)
                // A line as deep as an item's bullet or less ends that item.
                while let item = open.last, indent <= item.indent { open.removeLast() }
                if let content {
                    if let up = open.last { parent[i] = up.line }
                    if Self.isTask(b, from: content) { tasks.insert(i) }
                    open.append((i, indent))
                }
                if let item = open.last {
                    owner[i] = item.line
                    last[item.line] = i
                }
            }
        }
    }

    /// Whether the item's text (from offset `content` of its line) starts with a task marker or a checkbox.
    private static func isTask(_ b: UnsafeBufferPointer<UInt8>, from content: Int) -> Bool {
        var word = content
        while word < b.count, b[word] != 0x20, b[word] != 0x09 { word += 1 }
        if word < b.count, DailyNote.markers.keys.contains(String(decoding: UnsafeBufferPointer(rebasing: b[content..<word]), as: UTF8.self)) {
            return true
        }
        return content + 3 <= b.count && b[content] == 0x5B && b[content + 2] == 0x5D
            && (b[content + 1] == 0x20 || b[content + 1] == 0x78 || b[content + 1] == 0x58)
    }

    /// Item line → the item it is part of: itself, or, for a child item that is no task, the
    /// nearest item above it that is a task or links someone (in `linking`), itself held as
    /// this says. Logseq shows a block's children with it: a note under `DONE Called [[Hannah]]`
    /// is that call's note, not a second interaction; a task under it stays a plan of its own,
    /// and the items under a heading item that links nobody (`- Meetings`) stay items of their own.
    func holders(linking: Set<Int>) -> [Int: Int] {
        var holders: [Int: Int] = [:]
        for item in Set(owner.values).sorted() {   // parents first: their holder is known
            var holder = item
            if !tasks.contains(item) {
                var up = parent[item]
                while let above = up {
                    if tasks.contains(above) || linking.contains(above) { holder = holders[above] ?? above; break }
                    up = parent[above]
                }
            }
            holders[item] = holder
        }
        return holders
    }

    enum Reading {
        case entry(Interaction, warning: Diagnostic?)
        case problem(Diagnostic)
        case none
    }

    /// The item at line `i` read as an entry of a daily note of `day`, the lines `children` (of
    /// the items it holds) after its own in its note.
    func entry(at i: Int, children: [Int], in text: TextBuffer, day: Day, types: [String], path: String) -> Reading {
        let lastLine = last[i] ?? i
        return text.withLines { line -> Reading in
            let b = line(i)
            var k = 0
            while k < b.count, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
            guard var rest = PersonLink.listItemContent(b, from: k) else { return .none }
            // Logseq's TODO / DONE, then a Markdown checkbox.
            var box: Interaction.Checkbox?
            var word = rest
            while word < b.count, b[word] != 0x20, b[word] != 0x09 { word += 1 }
            if let marker = DailyNote.markers[String(decoding: UnsafeBufferPointer(rebasing: b[rest..<word]), as: UTF8.self)],
               word < b.count {
                guard let marker else { return .none }
                box = marker
                rest = word
                while rest < b.count, b[rest] == 0x20 || b[rest] == 0x09 { rest += 1 }
            }
            if let checkbox = EntryGrammar.checkbox(b, at: rest) {
                box = checkbox
                rest += 3
                while rest < b.count, b[rest] == 0x20 || b[rest] == 0x09 { rest += 1 }
            }
            let tail = Array(b[rest...])
            // The item's own date, else the note's: read by the log's grammar, after a bullet.
            let boxText = box.map { "[\($0.rawValue)] " } ?? ""
            let dated = tail.starts(with: Array("[[".utf8)) ? PersonLink.isDay(String(decoding: tail.dropFirst(2), as: UTF8.self))
                : PersonLink.isDay(String(decoding: tail, as: UTF8.self))
            func read(_ prefix: String) -> EntryGrammar.Result {
                (Array(("- " + prefix).utf8) + tail).withUnsafeBufferPointer { EntryGrammar.parse($0, types: types) }
            }
            var prefix = "- " + boxText
            var result = read(boxText)
            if !dated || { if case .notEntry = result { true } else { false } }() {
                prefix += "\(day) "
                result = read(boxText + "\(day) ")
            }
            /// 1-based column on the item's line of an offset in the line the grammar read.
            func column(_ offset: Int) -> Int {
                let original = rest + offset - prefix.utf8.count
                let before = UnsafeBufferPointer(rebasing: b[0..<max(0, min(original, b.count))])
                return (before.allSatisfy { $0 < 0x80 } ? before.count : String(decoding: before, as: UTF8.self).count) + 1
            }
            switch result {
            case .entry(let head):
                let start = prefix.utf8.count
                let first = String(decoding: tail[(head.note.lowerBound - start)..<(head.note.upperBound - start)], as: UTF8.self)
                // Logseq's planning, properties and drawers are not the note; `SCHEDULED` sets the day.
                let block = LogseqBlock(((i + 1)..<(lastLine + 1)).map { Array(line($0)) })
                if let problem = block.problem {
                    return .problem(Diagnostic(path: path, line: i + 2 + problem.line, column: problem.column, rule: .invalidEntry,
                                               message: problem.message))
                }
                // The children's properties and drawers are not text either; their planning is theirs.
                let held = LogseqBlock(children.map { Array(line($0)) }).textLines.map { children[$0] }
                let continuation = (block.textLines.map { i + 1 + $0 } + held).map { String(decoding: line($0), as: UTF8.self) }
                let note = continuation.isEmpty ? first : Interaction.normalizedNote(([first] + continuation).joined(separator: "\n"))
                let interaction = Interaction(date: block.planned?.day ?? head.date, time: block.planned.map { $0.time ?? head.time } ?? head.time,
                                              type: head.type.map { types[$0] } ?? "note",
                                              note: note, line: i + 1, lineCount: max(lastLine, children.last ?? i) - i + 1, checkbox: head.checkbox ?? box)
                let warning = head.oddTime.map { odd in
                    Diagnostic(path: path, line: i + 1, column: column(odd.lowerBound), rule: .oddTime,
                               message: "time '\(String(decoding: tail[(odd.lowerBound - start)..<(odd.upperBound - start)], as: UTF8.self))' is not HH:MM; read as part of the note")
                }
                return .entry(interaction, warning: warning)
            case .invalid(let at, let message):
                return .problem(Diagnostic(path: path, line: i + 1, column: column(at - 1), rule: .invalidEntry,
                                           message: message + "; the item is not read as an interaction"))
            case .followUp, .notEntry:
                return .none
            }
        }
    }
}
