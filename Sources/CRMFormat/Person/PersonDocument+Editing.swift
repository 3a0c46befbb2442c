/// Why the tool will not make an edit; the file is left as it was.
public struct PersonFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    /// 1-based column on `line`, when the problem has one.
    public var column: Int?
    public var message: String

    package init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        guard let line else { return "\(path): \(message)" }
        return "\(path):\(line):" + (column.map { "\($0):" } ?? "") + " \(message)"
    }
}

/// A value to write into front matter.
package enum FieldValue: Sendable, Equatable {
    case string(String)
    case list([String])

    /// The value as YAML for `key`, in `style` when the old value's style can hold it: plain when
    /// it has the key's own form (`birthday: 1815-12-10`, `every: 30d`), quoted as `FieldSchema` says.
    func yaml(key: String, like style: YAMLScalarStyle? = nil) -> String {
        let field = FieldSchema.named(key)
        let quoted = field?.alwaysQuoted ?? false
        switch self {
        case .string(let s):
            if let field, field.isTyped, field.accepts(s) { return s }
            return YAMLQuoting.scalar(s, like: style, forceQuotes: quoted)
        case .list(let items):
            return YAMLQuoting.flowSequence(items, forceQuotes: quoted)
        }
    }
}

extension PersonDocument {
    func refuseIfNotUnderstood(frontMatterEdit: Bool) throws(PersonFileError) {
        if let writeBlocker {
            throw PersonFileError(path: path, message: "not changed: \(writeBlocker)")
        }
        if frontMatterEdit, let frontMatter, frontMatter.hasErrors {
            let first = diagnostics.first { $0.severity == .error && $0.line <= frontMatter.closeLine + 1 }
            throw PersonFileError(path: path, line: first?.line,
                                  message: "not changed: the front matter has an error (\(first?.message ?? "see crm check")); fix it first")
        }
    }

    /// The file with `key` set to `value`. An existing value is replaced in place, keeping the
    /// key's spelling, the value's quoting style where it can hold the new value, and any comment
    /// after it; a new key goes last in the front matter; a file without front matter gets one.
    /// Returns the same bytes when the value is already there.
    package func setting(_ key: String, to value: FieldValue) throws(PersonFileError) -> [UInt8] {
        try refuseIfNotUnderstood(frontMatterEdit: true)
        guard let frontMatter else {
            return text.splicing(0..<0, with: ["---", "\(key): " + value.yaml(key: key), "---"])
        }
        guard let pair = frontMatter.pair(key) else {
            let line = "\(key): " + value.yaml(key: key)
            return text.splicing(frontMatter.closeLine..<frontMatter.closeLine, with: [line])
        }
        if current(pair.value, equals: value) { return text.bytes }
        let keyLine = text.content(pair.lineIndex)
        let lineText = { (range: Range<Int>) in String(decoding: keyLine.dropFirst(range.lowerBound).prefix(range.count), as: UTF8.self) }
        if let inline = pair.inlineValue {
            // One line: replace just the value, keep what stands before and after it.
            let before = lineText(0..<inline.lowerBound)
            let after = lineText(inline.upperBound..<keyLine.count)
            let newValue = value.yaml(key: key, like: pair.inlineStyle)
            return text.splicing(pair.lineIndex..<(pair.lineIndex + 1), with: [before + newValue + after])
        }
        if case .sequence = pair.value, case .list(let items) = value,
           let lines = editedBlockSequence(pair, to: items, key: key) {
            return text.splicing(pair.lineIndex..<pair.endLineIndex, with: lines)
        }
        let prefix = lineText(0..<pair.colonEnd)
        return text.splicing(pair.lineIndex..<pair.endLineIndex, with: [prefix + " " + value.yaml(key: key)])
    }

    /// The file without `key`: its line and the lines of its value are removed, nothing else.
    /// Returns the same bytes when the key is not there.
    package func removing(_ key: String) throws(PersonFileError) -> [UInt8] {
        try refuseIfNotUnderstood(frontMatterEdit: true)
        guard let frontMatter, frontMatter.pair(key) != nil else { return text.bytes }
        var bytes = text.bytes
        // Remove every occurrence, last first, so a duplicated key is gone too.
        for pair in frontMatter.pairs.reversed() where pair.key == key {
            bytes = TextBuffer(bytes).splicing(pair.lineIndex..<pair.endLineIndex, with: [])
        }
        return bytes
    }

    /// The file with `interaction` added to the log: one line (plus one per further note line) in
    /// the place the log's order puts it. A file without a log gets `## Interactions` at its end.
    /// `lines` are the entry's lines as written when they are not the canonical ones (a moved entry).
    package func adding(_ interaction: Interaction, lines: [String]? = nil) throws(PersonFileError) -> [UInt8] {
        try inserting(interaction, lines: lines).bytes
    }

    /// The file with `interaction` added, as `adding` does, and the 1-based line the entry starts on.
    package func inserting(_ interaction: Interaction, lines: [String]? = nil) throws(PersonFileError) -> (bytes: [UInt8], line: Int) {
        try inserting(lines ?? interaction.rendered, at: log?.insertionLine(for: interaction))
    }

    /// The file with `lines` (an item of the log) spliced in before 0-based line `at`, and the
    /// 1-based line they start on. Without `at` (a log without entries), they go after the log's
    /// last undated follow-up, else after any text the section holds (so that indented text never
    /// becomes the new item's note) with a blank line between, else after the heading's blank
    /// lines. A file without a log gets `## Interactions` at its end.
    func inserting(_ lines: [String], at: Int?) throws(PersonFileError) -> (bytes: [UInt8], line: Int) {
        try refuseIfNotUnderstood(frontMatterEdit: false)
        /// `block` spliced in before 0-based line `at`; the item is its last `lines.count` lines.
        func inserted(_ block: [String], at: Int) -> (bytes: [UInt8], line: Int) {
            (text.splicing(at..<at, with: block), at + block.count - lines.count + 1)
        }
        guard let log else {
            try refuseInsideUnclosedBlock(at: text.lineCount, what: "a new log at the end")
            var block = ["## \(settings.heading)", ""] + lines
            if text.lineCount > 0, !text.isBlank(text.lineCount - 1) { block.insert("", at: 0) }
            return inserted(block, at: text.lineCount)
        }
        if let at { return inserted(lines, at: at) }
        if let followUp = log.followUps.last { return inserted(lines, at: followUp.line - 1 + followUp.lineCount) }
        var last = log.end - 1
        while last >= log.contentStart, text.isBlank(last) { last -= 1 }
        if last >= log.contentStart {
            try refuseInsideUnclosedBlock(at: last + 1, what: "a new entry after it")
            return inserted([""] + lines, at: last + 1)
        }
        var at = log.contentStart
        while at < log.end, text.isBlank(at) { at += 1 }
        return inserted(at == log.contentStart ? [""] + lines : lines, at: at)
    }

    /// Throws when 0-based line `at` is inside a code fence or HTML comment never closed.
    private func refuseInsideUnclosedBlock(at line: Int, what: String) throws(PersonFileError) {
        guard let open = outline.unclosedBlock, open.lines.lowerBound < line else { return }
        let block = open.kind == .comment ? "HTML comment ('<!--' without '-->')" : "code block"
        throw PersonFileError(path: path, line: open.lines.lowerBound + 1, message: "not changed: the \(block) opened here is never "
                              + "closed, so \(what) would be inside it; close it first")
    }

    private func current(_ node: YAMLNode, equals value: FieldValue) -> Bool {
        switch (node, value) {
        case (.scalar(let s, _), .string(let v)): return node.string != nil && s == v
        case (.sequence(let items), .list(let v)): return items.map(\.string) == v.map(Optional.some)
        default: return false
        }
    }

    /// A block sequence edited item by item: items still wanted keep their lines (and the comments
    /// between them), items no longer wanted lose theirs, new ones follow the last item. Nil when
    /// that cannot give the wanted order, or an item spans lines; the caller rewrites the value.
    private func editedBlockSequence(_ pair: YAMLSpannedPair, to items: [String], key: String) -> [String]? {
        var lines: [String] = [text.string(pair.lineIndex)]
        var kept: [String] = []
        var itemPrefix: String?
        var lastItemIndex = 0
        for i in (pair.lineIndex + 1)..<pair.endLineIndex {
            let line = text.string(i)
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("- ") else {
                if trimmed.isEmpty || trimmed.hasPrefix("#") { lines.append(line); continue }
                return nil
            }
            let indent = line.count - trimmed.count
            itemPrefix = itemPrefix ?? String(repeating: " ", count: indent) + "- "
            let single = TextBuffer(Array(("x: " + trimmed.dropFirst(2)).utf8))
            let (pairs, problems) = YAMLBlockParser.mapping(in: single, lines: 0..<1, path: path)
            guard let item = pairs.first?.value.string, problems.isEmpty else { return nil }
            if items.contains(item), !kept.contains(item) {
                kept.append(item)
                lines.append(line)
                lastItemIndex = lines.count
            }
        }
        guard kept == items.filter(kept.contains) else { return nil }
        let prefix = itemPrefix ?? "  - "
        let added = items.filter { !kept.contains($0) }.map {
            prefix + YAMLQuoting.scalar($0, forceQuotes: FieldSchema.named(key)?.alwaysQuoted ?? false)
        }
        // New items go after the last kept item, so their order matches only if they come last.
        guard kept + items.filter({ !kept.contains($0) }) == items else { return nil }
        lines.insert(contentsOf: added, at: lastItemIndex == 0 ? 1 : lastItemIndex)
        return lines
    }
}

/// A birthday without a year: `--MM-DD`.
package struct YearlessDate: Sendable, Hashable {
    package var month: Int
    package var day: Int
    package init?(_ text: String) {
        guard text.hasPrefix("--"), let day = Day("2000" + text.dropFirst(1)) else { return nil }
        month = day.month
        self.day = day.day
    }
}
