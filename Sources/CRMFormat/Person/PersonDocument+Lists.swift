/// One item added to or removed from a front-matter list in place (`crm set PERSON tags+=X
/// tags-=Y`): the list keeps its style and every comment, and no other line changes.
///
/// - A flow list `[a, "b"]` (on one line) keeps each item as written and its spacing; one that
///   spans lines is written on one line (refused when a comment stands inside it).
/// - A block list (`- a`, at any indentation) gains a line after its last item, with the same
///   indentation and dash, or loses the lines of the item; comments between items stay.
/// - A single text (`tags: friends`), an empty value or a missing key becomes a list in the style
///   the file's other lists use: block, with their indentation, when the front matter has a block
///   list, else flow (as `crm add` writes `tags: [friends]`).
/// - Removing the last item leaves an empty list, `tags: []`, so the key reads as a list still.
///
/// New items are quoted as the list's last item is where that style can hold them, else as every
/// write is (see `YAMLQuoting`).
extension PersonDocument {
    /// The file with `item` at the end of the list `key`; the same bytes when the list holds it
    /// (for `tags`, a tag that is `item` by `Tag.same`, as the file spells it).
    package func adding(_ item: String, toList key: String) throws(PersonFileError) -> [UInt8] {
        try editingList(key, adding: item)
    }

    /// The file without any `item` in the list `key` (for `tags`, every spelling of the tag);
    /// the same bytes when the list does not hold it.
    package func removing(_ item: String, fromList key: String) throws(PersonFileError) -> [UInt8] {
        try editingList(key, removing: item)
    }

    /// How the file writes lists: in block style with this item prefix (`  - `), or in flow style.
    private enum ListStyle: Equatable {
        case flow
        case block(itemPrefix: String)
    }

    /// The list `key` holds, as the file writes it.
    private enum ListForm {
        /// No value, or a null (`key:`, `key: ~`).
        case none
        /// One text, written as `source` when it is on the key's line.
        case single(String, source: String?, style: YAMLScalarStyle)
        /// `[a, b]`: each item's source text and value.
        case flow(FlowList)
        /// `- a` lines: each item's lines and value.
        case block([BlockItem])
    }

    private struct BlockItem {
        var lines: Range<Int>
        var value: String
        var style: YAMLScalarStyle
    }

    private func editingList(_ key: String, adding added: String? = nil, removing removed: String? = nil) throws(PersonFileError) -> [UInt8] {
        try refuseIfNotUnderstood(frontMatterEdit: true)
        let forceQuotes = FieldSchema.named(key)?.alwaysQuoted ?? false
        // Tags are one tag whatever their case and accents; other items are compared as written.
        let isTags = key == FieldSchema.tags.key
        func same(_ a: String, _ b: String) -> Bool { isTags ? Tag.same(a, b) : a == b }
        guard let frontMatter, let pair = frontMatter.pair(key) else {
            guard let added else { return text.bytes }
            let list = newList([scalarText(added, like: nil, forceQuotes: forceQuotes, inFlow: listStyle() == .flow)])
            let lines = ["\(key):" + (list.value.map { " " + $0 } ?? "")] + list.below
            guard let frontMatter else { return text.splicing(0..<0, with: ["---"] + lines + ["---"]) }
            return text.splicing(frontMatter.closeLine..<frontMatter.closeLine, with: lines)
        }
        let keyLineBytes = text.content(pair.lineIndex)
        func lineText(_ range: Range<Int>) -> String { String(decoding: keyLineBytes[(keyLineBytes.startIndex + range.lowerBound)...].prefix(range.count), as: UTF8.self) }
        let keyPart = lineText(0..<pair.colonEnd)
        // What follows the value on the key's line (spaces and a comment), kept on every edit; a
        // value that starts on the key's line and goes on below it is not kept.
        var after = lineText((pair.inlineValue?.upperBound ?? pair.colonEnd)..<keyLineBytes.count)
        if pair.inlineValue == nil, let first = after.first(where: { $0 != " " && $0 != "\t" }), first != "#" { after = "" }
        let allLines = pair.lineIndex..<pair.endLineIndex
        /// The key's line with `value` (nil: none, the list below it), then `below`.
        func keyed(_ value: String?, _ below: [String] = []) -> [UInt8] {
            let line: String
            if let value, let inline = pair.inlineValue {
                line = lineText(0..<inline.lowerBound) + value + after
            } else if let value {
                line = keyPart + " " + value + after
            } else {
                line = keyPart + (after.first == " " || after.isEmpty ? "" : " ") + after
            }
            return text.splicing(allLines, with: [line] + below)
        }
        switch try listForm(pair, key: key) {
        case .none:
            guard let added else { return text.bytes }
            let list = newList([scalarText(added, like: nil, forceQuotes: forceQuotes, inFlow: listStyle() == .flow)])
            return keyed(list.value, list.below)
        case .single(let value, let source, let style):
            if let removed {
                return same(value, removed) ? keyed("[]") : text.bytes
            }
            guard let added, !same(added, value) else { return text.bytes }
            let inFlow = listStyle() == .flow
            // A quoted text keeps its quotes; a plain one may hold a `,`, which a flow list splits at.
            let first = source.flatMap { style == .plain && inFlow ? nil : $0 }
                ?? scalarText(value, like: style, forceQuotes: forceQuotes, inFlow: inFlow)
            let list = newList([first, scalarText(added, like: style, forceQuotes: forceQuotes, inFlow: inFlow)])
            return keyed(list.value, list.below)
        case .flow(var list):
            if list.spansLines, !list.trailing.trimmingSpaces.isEmpty {
                throw PersonFileError(path: path, line: pair.endLineIndex, message: "not changed: a comment follows the list of \(key), "
                                      + "which spans lines; edit it by hand ('crm edit')")
            }
            if let removed {
                guard list.values.contains(where: { same($0, removed) }) else { return text.bytes }
                list.remove { same($0, removed) }
            } else if let added {
                guard !list.values.contains(where: { same($0, added) }) else { return text.bytes }
                list.append(scalarText(added, like: list.lastStyle, forceQuotes: forceQuotes, inFlow: true), value: added)
            }
            return keyed(list.rendered)
        case .block(let items):
            if let removed {
                let gone = items.filter { same($0.value, removed) }
                guard !gone.isEmpty else { return text.bytes }
                if gone.count == items.count {
                    // The list's lines go; comments between them stay, under an empty list.
                    let kept = allLines.dropFirst().filter { line in !gone.contains { $0.lines.contains(line) } }
                    return keyed("[]", kept.map(text.string))
                }
                var bytes = text.bytes
                for item in gone.reversed() { bytes = TextBuffer(bytes).splicing(item.lines, with: []) }
                return bytes
            }
            guard let added, !items.contains(where: { same($0.value, added) }), let last = items.last else { return text.bytes }
            let prefix = itemPrefix(last.lines.lowerBound)
            return text.splicing(last.lines.upperBound..<last.lines.upperBound,
                                 with: [prefix + scalarText(added, like: last.style, forceQuotes: forceQuotes, inFlow: false)])
        }
    }

    /// A new list of `items` (written already), in the file's list style: flow, as the value on
    /// the key's line; block, as item lines below it.
    private func newList(_ items: [String]) -> (value: String?, below: [String]) {
        switch listStyle() {
        case .flow: ("[" + items.joined(separator: ", ") + "]", [])
        case .block(let prefix): (nil, items.map { prefix + $0 })
        }
    }

    /// `value` as an item: in `style` when that style can hold it (and `style` is quoted), plain
    /// when safe (in a flow list, without `,`), else double-quoted.
    private func scalarText(_ value: String, like style: YAMLScalarStyle?, forceQuotes: Bool, inFlow: Bool) -> String {
        let quotedStyle = style == .singleQuoted || style == .doubleQuoted ? style : nil
        return inFlow ? YAMLQuoting.flowItem(value, like: quotedStyle, forceQuotes: forceQuotes)
            : YAMLQuoting.scalar(value, like: quotedStyle, forceQuotes: forceQuotes)
    }

    /// The style of the front matter's first list: block with its first item's prefix, else flow.
    private func listStyle() -> ListStyle {
        for pair in frontMatter?.pairs ?? [] {
            guard case .sequence = pair.value, pair.inlineValue == nil, let first = firstItemLine(of: pair) else { continue }
            return .block(itemPrefix: itemPrefix(first))
        }
        return .flow
    }

    /// The first line of a block list's value that starts an item, if the list is a block list.
    private func firstItemLine(of pair: YAMLSpannedPair) -> Int? {
        for line in (pair.lineIndex + 1)..<max(pair.lineIndex + 1, pair.endLineIndex) {
            let content = text.string(line).drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            return content == "-" || content.hasPrefix("- ") ? line : nil
        }
        return nil
    }

    /// What stands before the item's value on its first line: the indentation, the dash and the
    /// spaces after it (`  - `).
    private func itemPrefix(_ line: Int) -> String {
        let content = text.string(line)
        let indent = content.prefix { $0 == " " }
        let rest = content.dropFirst(indent.count + 1)
        let spaces = rest.prefix { $0 == " " }
        return String(indent) + "-" + (spaces.isEmpty ? " " : String(spaces))
    }

    /// The list `pair` holds, or why it is not one the tool edits.
    private func listForm(_ pair: YAMLSpannedPair, key: String) throws(PersonFileError) -> ListForm {
        func refused(_ why: String) -> PersonFileError {
            PersonFileError(path: path, line: pair.lineIndex + 1, column: valueColumn(pair), message: "not changed: \(why)")
        }
        switch pair.value {
        case .empty:
            return .none
        case .scalar(let value, let style):
            if style == .plain, YAMLNode.isNullWord(value) { return .none }
            guard FieldSchema.named(key)?.isList == true else {
                throw refused("\(key) holds one value, not a list; set it with '\(key)=VALUE'")
            }
            let source = pair.inlineValue.map { inline in
                String(decoding: text.content(pair.lineIndex).dropFirst(inline.lowerBound).prefix(inline.count), as: UTF8.self)
            }
            return .single(value, source: style == .literal || style == .folded ? nil : source, style: style)
        case .sequence(let nodes):
            let values = nodes.compactMap(\.string)
            guard values.count == nodes.count else {
                throw refused("\(key) holds a list of other things than text; edit it by hand ('crm edit')")
            }
            if let first = firstItemLine(of: pair) {
                guard let items = blockItems(pair, from: first), items.map(\.value) == values else {
                    throw refused("the items of \(key) span lines in a way the tool does not edit one by one; edit it by hand ('crm edit')")
                }
                return .block(items)
            }
            guard let list = FlowList(source: flowSource(pair)), list.values == values || list.values.isEmpty && values.isEmpty else {
                throw refused("\(key) is a flow list with a comment inside; edit it by hand ('crm edit')")
            }
            return .flow(list)
        case .mapping:
            throw refused("\(key) holds a mapping, not a list")
        case .unsupported(_, let reason):
            throw refused("\(key) is written in a form the tool does not edit (\(reason))")
        }
    }

    /// The source of a flow list from its `[` to the end of its last line.
    private func flowSource(_ pair: YAMLSpannedPair) -> String {
        let first = text.content(pair.lineIndex)
        let start = pair.inlineValue?.lowerBound ?? pair.colonEnd
        var source = String(decoding: first.dropFirst(start).prefix(pair.inlineValue?.count ?? first.count), as: UTF8.self)
        for line in (pair.lineIndex + 1)..<max(pair.lineIndex + 1, pair.endLineIndex) { source += "\n" + text.string(line) }
        return source
    }

    /// A block list's items from its first item line: each item's lines (its first line and those
    /// indented more, up to the next item; comment lines between items belong to none) and value.
    private func blockItems(_ pair: YAMLSpannedPair, from first: Int) -> [BlockItem]? {
        let indent = text.indent(first)
        var starts: [Int] = []
        for line in first..<pair.endLineIndex {
            let content = text.string(line)
            let trimmed = content.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if text.indent(line) == indent, trimmed == "-" || trimmed.hasPrefix("- ") { starts.append(line); continue }
            guard text.indent(line) > indent, !starts.isEmpty else { return nil }
        }
        var items: [BlockItem] = []
        for (n, start) in starts.enumerated() {
            var end = n + 1 < starts.count ? starts[n + 1] : pair.endLineIndex
            // Blank and comment lines before the next item are not the item's.
            while end > start + 1, text.string(end - 1).drop(while: { $0 == " " }).isEmpty || text.string(end - 1).drop(while: { $0 == " " }).hasPrefix("#") {
                end -= 1
            }
            let lines = ["x:"] + (start..<end).map(text.string)
            let (pairs, problems) = YAMLBlockParser.mapping(in: TextBuffer(Array(lines.joined(separator: "\n").utf8)), lines: 0..<lines.count, path: path)
            guard problems.isEmpty, case .sequence(let nodes)? = pairs.first?.value, nodes.count == 1,
                  case .scalar(let value, let style) = nodes[0], nodes[0].string != nil else { return nil }
            items.append(BlockItem(lines: start..<end, value: value, style: style))
        }
        return items
    }
}

/// A flow list's items as written (`[a, "b, c", 'd']`): each item's source text and value, with
/// the spaces before it, and the spaces before the `]`, for edits that keep them.
struct FlowList {
    /// Each item's source text, and the spaces before it (after the `[` or the comma).
    private var items: [(lead: String, text: String)]
    private(set) var values: [String]
    private var closing = ""
    /// Whether the list spans lines (an edit writes it on one line).
    let spansLines: Bool
    /// What follows the closing `]` (spaces and a comment).
    let trailing: String
    /// The style of the last item, for an item added after it.
    private(set) var lastStyle: YAMLScalarStyle?

    /// Reads `source`, which starts at the `[` (after spaces); nil when it holds a nested
    /// collection, a comment or no closing `]`.
    init?(source: String) {
        let chars = Array(source.drop { $0 == " " || $0 == "\t" })
        guard chars.first == "[" else { return nil }
        var raw: [String] = [], current = "", i = 1
        var quote: Character?
        var closed = false
        while i < chars.count, !closed {
            let c = chars[i]
            i += 1
            if let open = quote {
                current.append(c)
                if open == "\"", c == "\\", i < chars.count { current.append(chars[i]); i += 1; continue }
                if c == open {
                    if open == "'", i < chars.count, chars[i] == "'" { current.append("'"); i += 1; continue }
                    quote = nil
                }
                continue
            }
            switch c {
            case "\"", "'":
                if current.allSatisfy(\.isWhitespace) { quote = c }
                current.append(c)
            case "[", "{": return nil
            case "#" where i > 1 && chars[i - 2].isWhitespace: return nil
            case ",": raw.append(current); current = ""
            case "]": raw.append(current); closed = true
            default: current.append(c)
            }
        }
        guard closed else { return nil }
        trailing = String(chars[i...])
        let spansLines = raw.contains { $0.contains("\n") }
        self.spansLines = spansLines
        if let last = raw.last, last.allSatisfy(\.isWhitespace) {   // `[a, b,]`, and `[]`
            raw.removeLast()
            if !spansLines { closing = last }
        } else if !spansLines, let last = raw.last {
            closing = String(last.reversed().prefix { $0 == " " || $0 == "\t" }.reversed())
        }
        items = raw.enumerated().map { n, item in
            let lead = spansLines ? (n == 0 ? "" : " ") : String(item.prefix { $0 == " " || $0 == "\t" })
            return (lead, item.trimmingSpaces)
        }
        values = []
        for item in items {
            let (pairs, _) = YAMLBlockParser.mapping(in: TextBuffer(Array("x: [\(item.text)]".utf8)), lines: 0..<1, path: "")
            guard case .sequence(let nodes)? = pairs.first?.value, nodes.count == 1, let value = nodes[0].string,
                  case .scalar(_, let style) = nodes[0] else { return nil }
            values.append(value)
            lastStyle = style
        }
    }

    /// Adds `text` (the written item) after the last item, spaced as the items after the first
    /// are (one space when there are none).
    mutating func append(_ text: String, value: String) {
        let unspaced = items.count > 1 && items.dropFirst().allSatisfy { $0.lead.isEmpty }
        items.append((items.isEmpty || unspaced ? "" : " ", text))
        values.append(value)
    }

    mutating func remove(where isRemoved: (String) -> Bool) {
        let opening = items.first?.lead ?? ""
        let kept = values.indices.filter { !isRemoved(values[$0]) }
        items = kept.map { items[$0] }
        values = kept.map { values[$0] }
        if !items.isEmpty { items[0].lead = opening }
    }

    /// `[` + the items + `]`, spaced as read; `[]` when empty.
    var rendered: String {
        items.isEmpty ? "[]" : "[" + items.map { $0.lead + $0.text }.joined(separator: ",") + closing + "]"
    }
}
