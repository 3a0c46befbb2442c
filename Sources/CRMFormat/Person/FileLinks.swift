/// The links one Markdown file holds, read but not yet resolved: which entries link whom, where
/// else people are linked, and the relationships it states. It depends on the file's bytes and
/// the vault's log settings only, so it can be kept per file like the facts; what each target
/// means (`LinkResolver`) is decided once per run over the whole vault (`VaultLinks`).
package struct FileLinks: Sendable, Equatable {
    /// Entries that hold links: log entries of a person file (plain, done, open or planned), list
    /// items of a daily note. Whoever the links resolve to, other than the file's own person,
    /// takes part in the entry.
    package var entries: [LinkedEntry] = []
    /// Lines anywhere else that hold links (notes, a note's text, front matter other than
    /// `related`): mentions of whoever they resolve to.
    package var mentions: [LinkedLine] = []
    /// The `related:` items of a person file.
    package var related: [RelatedItem] = []
    /// `![[…]]` embeds: not person links, but `rename` keeps them pointing at the renamed file
    /// and `rm` names them.
    package var embeds: [LinkTarget] = []
    /// What reading found wrong (a daily-note item with an impossible date), reported by `check`.
    package var problems: [Diagnostic] = []

    package init() {}

    /// Links of `entries` alone.
    package init(entries: [LinkedEntry]) { self.entries = entries }

    /// Whether the file links nothing.
    package var isEmpty: Bool { entries.isEmpty && mentions.isEmpty && related.isEmpty && embeds.isEmpty && problems.isEmpty }

    /// Every link of the file, in no particular order: entries', mentions', embeds and the
    /// `related` items that link someone.
    package var targets: [LinkTarget] {
        entries.flatMap(\.links) + mentions.flatMap(\.links) + embeds
            + related.compactMap { item in item.target.map { LinkTarget(target: $0, line: item.line, column: item.column) } }
    }
}

/// One link as it stands in a file: its target as written and where it is.
package struct LinkTarget: Sendable, Equatable {
    package var target: String
    /// 1-based line and column of the link (of its `[[`, or of a `related` item).
    package var line: Int
    package var column: Int

    package init(target: String, line: Int, column: Int) {
        self.target = target
        self.line = line
        self.column = column
    }
}

/// An entry (a log entry, or a daily note's list item) and the links in its lines.
package struct LinkedEntry: Sendable, Equatable {
    /// The entry: its day, time, type, note (links as written), line, line count and checkbox.
    package var interaction: Interaction
    package var links: [LinkTarget]

    package init(interaction: Interaction, links: [LinkTarget]) { (self.interaction, self.links) = (interaction, links) }
}

/// A line outside any entry that holds links: a mention of whoever they name.
package struct LinkedLine: Sendable, Equatable {
    /// 1-based line.
    package var line: Int
    /// The line's text, white space trimmed at both ends.
    package var text: String
    package var links: [LinkTarget]

    package init(line: Int, text: String, links: [LinkTarget]) { (self.line, self.text, self.links) = (line, text, links) }
}

extension FileLinks {
    /// The links of a person file: those in log entries make participants; those in `related`
    /// are relationships; any other is a mention. An undated follow-up (`- [ ] NOTE`) is not an
    /// entry: its links are mentions.
    package init(person document: PersonDocument) {
        self.init()
        related = document.relatedItems
        guard document.writeBlocker == nil, PersonLink.mayHoldLinks(document.text.bytes) else { return }
        let text = document.text
        let frontMatter = document.frontMatter.map { $0.openLine..<($0.closeLine + 1) } ?? 0..<0
        let relatedLines = document.frontMatter?.pair(FieldSchema.related.key).map { $0.lineIndex..<$0.endLineIndex } ?? 0..<0
        // Entries in line order, each with its lines: a linked line finds its entry by moving forward.
        let log = document.log
        let spans: [(index: Int, lines: Range<Int>)] = (0..<(log?.entryCount ?? 0)).map { i in
            let head = log!.head(at: i)
            return (i, (head.line - 1)..<(head.line - 1 + head.lineCount))
        }.sorted { $0.lines.lowerBound < $1.lines.lowerBound }
        var next = 0
        var entryLinks: [Int: [LinkTarget]] = [:]
        var order: [Int] = []
        PersonLink.forEachLine(in: text, plain: frontMatter) { i, b, links in
            if frontMatter.contains(i) {
                if !relatedLines.contains(i) { add(links.map { $0.unquoted(PersonLink.yamlQuote(before: $0.span.lowerBound, in: b)) }, at: i, line: b) }
                return
            }
            while next < spans.count, spans[next].lines.upperBound <= i { next += 1 }
            guard next < spans.count, spans[next].lines.contains(i) else { return add(links, at: i, line: b) }
            let targets = separated(links, at: i, line: b)
            guard !targets.isEmpty else { return }
            let entry = spans[next].index
            if entryLinks[entry] == nil { order.append(entry) }
            entryLinks[entry, default: []] += targets
        }
        entries = order.map { LinkedEntry(interaction: log!.entry(at: $0), links: entryLinks[$0]!) }
    }

    /// The links of a Markdown note that is neither a person file nor a daily note: mentions.
    package init(note bytes: [UInt8]) {
        self.init()
        guard PersonLink.mayHoldLinks(bytes), UTF8Validation.isValid(bytes) else { return }
        let text = TextBuffer(bytes)
        let frontMatter = Self.frontMatterLines(text)
        PersonLink.forEachLine(in: text, plain: frontMatter) { i, b, links in
            add(frontMatter.contains(i) ? links.map { $0.unquoted(PersonLink.yamlQuote(before: $0.span.lowerBound, in: b)) } : links, at: i, line: b)
        }
    }

    /// The lines (0-based) of a note's front matter, read without looking for code fences.
    package static func frontMatterLines(_ text: TextBuffer) -> Range<Int> {
        guard text.lineCount > 1, FrontMatter.isDelimiter(text.content(0), allowDots: false),
              let close = (1..<text.lineCount).first(where: { FrontMatter.isDelimiter(text.content($0), allowDots: true) })
        else { return 0..<0 }
        return 0..<(close + 1)
    }

    /// `links` on line `i` (its bytes `b`) as a mention, embeds apart.
    mutating func add(_ links: [PersonLink], at i: Int, line b: UnsafeBufferPointer<UInt8>) {
        let targets = separated(links, at: i, line: b)
        guard !targets.isEmpty else { return }
        mentions.append(LinkedLine(line: i + 1, text: MarkdownOutline.trimmed(b), links: targets))
    }

    /// The links on line `i` that may name a person, as targets; embeds are kept apart.
    mutating func separated(_ links: [PersonLink], at i: Int, line b: UnsafeBufferPointer<UInt8>) -> [LinkTarget] {
        var targets: [LinkTarget] = []
        for (link, column) in zip(links, PersonLink.columns(of: links, in: b)) {
            let target = LinkTarget(target: link.target, line: i + 1, column: column)
            if link.isEmbed { embeds.append(target) } else if link.mayNamePerson { targets.append(target) }
        }
        return targets
    }
}
