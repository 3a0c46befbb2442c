/// One key of a block mapping, with the lines it occupies in the file.
package struct YAMLSpannedPair: Sendable {
    package var key: String
    package var value: YAMLNode
    /// 0-based index of the key's line (its 1-based line number is `lineIndex + 1`).
    package var lineIndex: Int
    /// 0-based index one past the last line of the value; trailing blank and comment lines are not included.
    package var endLineIndex: Int
    /// Byte offset, within the key line, just past the `:`.
    var colonEnd: Int
    /// Byte offsets, within the key line, of a value written on that line alone
    /// (a one-line scalar or flow sequence); what follows it (a comment) is kept on edits.
    package var inlineValue: Range<Int>?
    /// The style of a scalar value written on the key line.
    var inlineStyle: YAMLScalarStyle?

    /// 1-based column of the value on the key's line of `text` (just after the `:` when the
    /// value is on the lines below), counted in characters as editors count.
    package func valueColumn(in text: TextBuffer) -> Int {
        let prefix = text.content(lineIndex).prefix(inlineValue?.lowerBound ?? colonEnd)
        // In ASCII text each character is one byte.
        return (prefix.allSatisfy { $0 < 0x80 } ? prefix.count : String(decoding: prefix, as: UTF8.self).count) + 1
    }

    /// 1-based line and column of each item of a list value (one position for a single value):
    /// for a block list, where each `- ` item's text starts; for a flow list on the key's line,
    /// where each item starts after `[` or `,`. Items whose place cannot be told get the value's.
    package func itemPositions(in text: TextBuffer) -> [(line: Int, column: Int)] {
        func column(_ line: Int, _ offset: Int) -> Int {
            let prefix = text.content(line).prefix(offset)
            return (prefix.allSatisfy { $0 < 0x80 } ? prefix.count : String(decoding: prefix, as: UTF8.self).count) + 1
        }
        if let inline = inlineValue {
            let bytes = Array(text.content(lineIndex))
            guard inline.lowerBound < bytes.count, bytes[inline.lowerBound] == 0x5B else { return [(lineIndex + 1, column(lineIndex, inline.lowerBound))] }
            var positions: [(Int, Int)] = []
            var quote: UInt8?
            var expectingItem = true
            var i = inline.lowerBound + 1
            while i < inline.upperBound {
                let byte = bytes[i]
                if let q = quote {
                    if q == 0x22, byte == 0x5C { i += 2; continue }
                    if byte == q { quote = nil }
                } else if byte == 0x2C {
                    expectingItem = true
                } else if byte == 0x5D {
                    break
                } else if byte != 0x20, byte != 0x09 {
                    if expectingItem { positions.append((lineIndex + 1, column(lineIndex, i))); expectingItem = false }
                    if byte == 0x22 || byte == 0x27 { quote = byte }
                }
                i += 1
            }
            return positions
        }
        var positions: [(Int, Int)] = []
        for i in (lineIndex + 1)..<endLineIndex {
            let line = text.content(i)
            let indent = line.prefix { $0 == 0x20 }.count
            let rest = line.dropFirst(indent)
            guard rest.first == 0x2D, rest.dropFirst().first == 0x20 || rest.count == 1 else { continue }
            let offset = indent + 1 + rest.dropFirst().prefix { $0 == 0x20 }.count
            positions.append((i + 1, column(i, offset)))
        }
        return positions
    }
}

/// Reads the block-mapping subset of YAML that front matter uses, line by line over a
/// `TextBuffer`, collecting diagnostics instead of stopping at the first problem.
package struct YAMLBlockParser {
    /// The text's lines, read in place while the parser runs.
    let lines: TextBuffer.LineView
    let path: String
    /// One past the last line that belongs to the YAML (the closing `---`).
    let end: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// Lines that have a diagnostic already (0-based).
    private var reportedLines: Set<Int> = []
    /// Byte ranges of lines where a tab is text: quoted scalars and block-scalar content.
    var tabsAreText: [Int: [Range<Int>]] = [:]
    /// How many block collections the reader is inside; deeper than `maximumDepth` is kept as
    /// written instead of read, so hostile input cannot exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 64

    /// Reads the block mapping on `lines` of `text` (the front matter between its `---` lines, or a
    /// whole config file): its pairs, and every problem found, tab indentation included.
    package static func mapping(in text: TextBuffer, lines range: Range<Int>, path: String)
        -> (pairs: [YAMLSpannedPair], diagnostics: [Diagnostic]) {
        text.withLines { lines in
            var parser = YAMLBlockParser(lines: lines, path: path, end: range.upperBound)
            let pairs = parser.mapping(indent: 0, from: range.lowerBound).pairs
            parser.reportTabs(in: range)
            return (pairs, parser.diagnostics)
        }
    }

    /// The pairs of the block mapping that is `pair`'s value (read by `mapping(in:lines:path:)`
    /// from `text`), each with its own line: a nested mapping's `YAMLPair`s carry none. Empty when
    /// the value is not a block mapping. What is wrong in it was reported when `pair` was read.
    package static func nestedPairs(of pair: YAMLSpannedPair, in text: TextBuffer) -> [YAMLSpannedPair] {
        guard case .mapping = pair.value else { return [] }
        return text.withLines { lines in
            var parser = YAMLBlockParser(lines: lines, path: "", end: pair.endLineIndex)
            guard let first = (pair.lineIndex + 1..<pair.endLineIndex).first(where: { !parser.isBlankOrComment($0) }) else { return [] }
            return parser.mapping(indent: parser.indent(first), from: first).pairs
        }
    }

    // MARK: Lines

    func bytes(_ line: Int) -> UnsafeBufferPointer<UInt8> { lines(line) }

    func isBlankOrComment(_ line: Int) -> Bool {
        let content = bytes(line).drop { $0 == 0x20 || $0 == 0x09 }
        return content.isEmpty || content.first == 0x23
    }

    /// Leading spaces: YAML indents with spaces only.
    func indent(_ line: Int) -> Int {
        bytes(line).prefix { $0 == 0x20 }.count
    }

    /// Warns about the first tab of each line that is white space rather than text (outside quoted
    /// scalars, block-scalar content and comments): YAML 1.2 allows it there, PyYAML refuses it.
    private mutating func reportTabs(in range: Range<Int>) {
        for line in range where !reportedLines.contains(line) {
            let b = bytes(line)
            guard b.contains(0x09) else { continue }
            let text = tabsAreText[line] ?? []
            var i = 0
            while i < b.count {
                if let r = text.first(where: { $0.contains(i) }) { i = r.upperBound; continue }
                let c = b[b.startIndex + i]
                if c == 0x23, i == 0 || b[b.startIndex + i - 1] == 0x20 || b[b.startIndex + i - 1] == 0x09 { break }
                if c == 0x09 {
                    report(line, i, .yamlTab, "a tab outside quotes: YAML 1.1 readers (PyYAML) refuse the file; use spaces or quote the value")
                    break
                }
                i += 1
            }
        }
    }

    /// Whether `line`, the next line of a multi-line quoted or flow value, is indented with more
    /// than `parentIndent` spaces or holds only white space.
    func isUnderIndented(_ line: Int, parentIndent: Int) -> Bool {
        let b = bytes(line)
        let spaces = indent(line)
        return spaces > parentIndent || b.dropFirst(spaces).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Just past the closing quote of the quoted key that starts at `offset` of `line` (at most
    /// `limit`): the tabs inside the quotes are text, a tab between the key and its `:` is not.
    private func quotedKeyEnd(_ line: Int, from offset: Int, limit: Int) -> Int {
        let b = UnsafeBufferPointer(rebasing: bytes(line)[..<limit])
        let close = YAMLScalarDecoding.closingQuote(b[offset], in: b, from: offset + 1)
        return close < limit ? close + 1 : limit
    }

    /// Whether the byte at `offset` of `line` is a tab: a tab where a key or item should start.
    private func isTab(_ line: Int, at offset: Int) -> Bool {
        offset < bytes(line).count && bytes(line)[bytes(line).startIndex + offset] == 0x09
    }

    private func nextContentLine(after line: Int) -> Int {
        var i = line + 1
        while i < end, isBlankOrComment(i) { i += 1 }
        return i
    }

    /// Whether the text at `offset` of `line` is a block sequence item (`-` then space or end).
    func isItem(_ line: Int, at offset: Int) -> Bool {
        let b = bytes(line).dropFirst(offset)
        guard b.first == 0x2D else { return false }
        let next = b.dropFirst().first
        return next == nil || next == 0x20 || next == 0x09
    }

    mutating func report(_ line: Int, _ offset: Int, _ rule: CheckRule, _ message: String) {
        let prefix = bytes(line).prefix(offset)
        let column = (prefix.allSatisfy { $0 < 0x80 } ? prefix.count : String(decoding: prefix, as: UTF8.self).count) + 1
        diagnostics.append(Diagnostic(path: path, line: line + 1, column: column, rule: rule, message: message))
        reportedLines.insert(line)
    }

    func skipSpaces(_ line: Int, from offset: Int) -> Int {
        let b = bytes(line)
        var i = b.startIndex + offset
        while i < b.endIndex, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        return i - b.startIndex
    }

    // MARK: Mappings

    /// Parses a block mapping whose keys stand at `indent`, from line `start`. The first key may
    /// stand at `firstOffset` instead (a mapping that starts on a sequence item's line).
    private mutating func mapping(indent: Int, from start: Int, firstOffset: Int? = nil) -> (pairs: [YAMLSpannedPair], next: Int) {
        var pairs: [YAMLSpannedPair] = []
        pairs.reserveCapacity(min(end - start, 16))
        var keys = KeySet()
        var i = start
        while i < end {
            if isBlankOrComment(i) { i += 1; continue }
            let offset = (i == start ? firstOffset : nil) ?? self.indent(i)
            if offset < indent { break }
            if offset > indent {
                report(i, offset, .yamlSyntax, "unexpected indentation")
                i += 1
                continue
            }
            if isTab(i, at: offset) {
                report(i, offset, .yamlSyntax, "tab used for indentation; YAML allows only spaces")
                i += 1
                continue
            }
            if let reason = unsupportedKey(i, at: offset) {
                let pair = unsupportedEntry(line: i, offset: offset, indent: indent, reason: reason)
                pairs.append(pair)
                i = pair.endLineIndex
                continue
            }
            guard let (key, colonEnd) = parseKey(i, at: offset) else {
                report(i, offset, .yamlSyntax, isItem(i, at: offset)
                       ? "a list item where a key was expected" : "expected 'key: value'")
                i += 1
                continue
            }
            if !keys.insert(key) { report(i, offset, .duplicateKey, "duplicate key '\(key)': only the last one is read") }
            let quoted = bytes(i)[bytes(i).startIndex + offset] == 0x22 || bytes(i)[bytes(i).startIndex + offset] == 0x27
            if quoted { tabsAreText[i, default: []].append(offset..<quotedKeyEnd(i, from: offset, limit: colonEnd)) }
            if !quoted, !YAMLNode.resolvesToString(key), case let resolved = YAMLNode.resolvePlain(key), resolved.rendered() != key {
                report(i, offset, .ambiguousKey, "key '\(key)' is read as \(resolved.rendered()) by YAML readers; quote it")
            }
            var pair = value(line: i, offset: colonEnd, parentIndent: indent)
            pair.key = key
            pair.colonEnd = colonEnd
            pairs.append(pair)
            i = pair.endLineIndex
            // Anything still indented under this key was not part of its value.
            while i < end {
                if isBlankOrComment(i) { i += 1; continue }
                guard self.indent(i) > indent else { break }
                report(i, self.indent(i), .yamlSyntax, "unexpected indentation")
                i += 1
            }
        }
        return (pairs, i)
    }

    /// The keys of one mapping, for finding duplicates: a front matter's dozen keys are compared
    /// in a list (no hashing, no allocation of a set); past `listLimit` keys a set takes over, so
    /// a mapping of thousands of keys does not compare each with every earlier one.
    private struct KeySet {
        private static let listLimit = 16
        private var list: [String] = []
        private var set: Set<String>?

        /// Adds `key`; false when it was there already.
        mutating func insert(_ key: String) -> Bool {
            if set == nil {
                if list.contains(key) { return false }
                if list.isEmpty { list.reserveCapacity(KeySet.listLimit + 1) }
                list.append(key)
                if list.count > KeySet.listLimit { set = Set(list) }
                return true
            }
            return set!.insert(key).inserted
        }
    }

    /// Why the entry at `offset` of `line` has a key outside the subset: an anchor, alias or tag
    /// on the key, or an explicit `? ` key; nil for an ordinary key.
    private func unsupportedKey(_ line: Int, at offset: Int) -> String? {
        let b = bytes(line).dropFirst(offset)
        switch b.first {
        case UInt8(ascii: "&"): return "anchor on a key"
        case UInt8(ascii: "*"): return "alias as a key"
        case UInt8(ascii: "!"): return "tag on a key"
        case UInt8(ascii: "?"):
            let next = b.dropFirst().first
            return next == nil || next == 0x20 || next == 0x09 ? "explicit '?' key" : nil
        default: return nil
        }
    }

    /// Whether a mapping entry starts at `offset` of `line`: a key, possibly after an anchor or
    /// tag, or an explicit `? ` key (an anchor or tag alone there belongs to the value below).
    private func hasKey(_ line: Int, at offset: Int) -> Bool {
        if parseKey(line, at: offset) != nil { return true }
        guard let reason = unsupportedKey(line, at: offset) else { return false }
        if reason == "explicit '?' key" { return true }
        let b = bytes(line)
        var j = offset
        while j < b.count, b[b.startIndex + j] != 0x20, b[b.startIndex + j] != 0x09 { j += 1 }
        j = skipSpaces(line, from: j)
        guard j < b.count else { return false }
        let first = b[b.startIndex + j]
        if first == 0x3A { return j + 1 == b.count || b[b.startIndex + j + 1] == 0x20 || b[b.startIndex + j + 1] == 0x09 }
        if first == UInt8(ascii: "&") || first == UInt8(ascii: "!") { return hasKey(line, at: j) }
        return parseKey(line, at: j) != nil
    }

    /// An entry whose key is outside the subset, kept as written: its line, the lines indented
    /// under it, and for a `? ` key the `: ` line that gives its value.
    private mutating func unsupportedEntry(line: Int, offset: Int, indent: Int, reason: String) -> YAMLSpannedPair {
        var last = line
        var k = line + 1
        while k < end {
            if isBlankOrComment(k) { k += 1; continue }
            let lineIndent = self.indent(k)
            let valueLine = lineIndent == indent && bytes(line)[bytes(line).startIndex + offset] == UInt8(ascii: "?")
                && bytes(k).dropFirst(lineIndent).first == 0x3A
            guard lineIndent > indent || valueLine else { break }
            last = k
            k += 1
        }
        report(line, offset, .yamlUnsupported, "unsupported YAML (\(reason)) is kept as written")
        let b = bytes(line)
        var keyEnd = b.endIndex
        if let (_, colonEnd) = parseKey(line, at: offset) { keyEnd = b.startIndex + colonEnd - 1 }
        let key = String(decoding: b[(b.startIndex + offset)..<keyEnd], as: UTF8.self)
        return YAMLSpannedPair(key: key, value: .unsupported(sourceText(line, offset, through: last), reason: reason),
                               lineIndex: line, endLineIndex: last + 1, colonEnd: keyEnd - b.startIndex)
    }

    /// The key at `offset` of `line`, plain or quoted, and the offset just past its `:`; nil when
    /// the line holds no `key:` (a comment, ` #`, ends the search).
    private func parseKey(_ line: Int, at offset: Int) -> (String, Int)? {
        let b = bytes(line)
        let start = b.startIndex + offset
        guard start < b.endIndex else { return nil }
        switch b[start] {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let next = start + 1 < b.endIndex ? b[start + 1] : 0x20
            if next == 0x20 || next == 0x09 { return nil }
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), 0x09:
            return nil
        default: break
        }
        var i = start
        var key: String
        if b[start] == 0x22 || b[start] == 0x27 {
            let quote = b[start]
            i = YAMLScalarDecoding.closingQuote(quote, in: b, from: i + 1)
            guard i < b.endIndex else { return nil }
            let inner = b[(start + 1)..<i]
            guard let text = quote == 0x27 ? YAMLScalarDecoding.singleQuoted(inner) : try? YAMLScalarDecoding.doubleQuoted(inner)
            else { return nil }
            key = text
            i += 1
            while i < b.endIndex, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
            guard i < b.endIndex, b[i] == 0x3A, i + 1 == b.endIndex || b[i + 1] == 0x20 || b[i + 1] == 0x09 else { return nil }
        } else {
            while i < b.endIndex {
                if b[i] == 0x3A, i + 1 == b.endIndex || b[i + 1] == 0x20 || b[i + 1] == 0x09 { break }
                if b[i] == 0x23, b[i - 1] == 0x20 || b[i - 1] == 0x09 { return nil }
                i += 1
            }
            guard i < b.endIndex else { return nil }
            var keyEnd = i
            while keyEnd > start, b[keyEnd - 1] == 0x20 || b[keyEnd - 1] == 0x09 { keyEnd -= 1 }
            key = String(decoding: b[start..<keyEnd], as: UTF8.self)
        }
        return (key, i + 1 - b.startIndex)
    }

    // MARK: Values

    /// The value that starts at `offset` of `line` (after a key's `:` or an item's `-`), as a pair
    /// whose key the caller fills in.
    /// A mapping value may be a block sequence at the key's own indentation (`tags:` then `- a`);
    /// a sequence item's may not (`inSequence`).
    private mutating func value(line: Int, offset: Int, parentIndent: Int, inSequence: Bool = false) -> YAMLSpannedPair {
        var pair = YAMLSpannedPair(key: "", value: .empty, lineIndex: line, endLineIndex: line + 1, colonEnd: offset)
        let b = bytes(line)
        let start = skipSpaces(line, from: offset)
        guard start < b.count, b[b.startIndex + start] != 0x23 else {
            blockValue(after: line, parentIndent: parentIndent, inSequence: inSequence, into: &pair)
            return pair
        }
        let first = b[b.startIndex + start]
        switch first {
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            blockScalar(line: line, header: start, parentIndent: parentIndent, into: &pair)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            quotedScalar(line: line, start: start, parentIndent: parentIndent, into: &pair)
        case UInt8(ascii: "["):
            flowSequence(line: line, start: start, parentIndent: parentIndent, into: &pair)
        case UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            let reason = first == UInt8(ascii: "{") ? "flow mapping" : first == UInt8(ascii: "!") ? "tag"
                : first == UInt8(ascii: "&") ? "anchor" : "alias"
            unsupported(line: line, start: start, parentIndent: parentIndent, reason: reason, inSequence: inSequence,
                        rule: .yamlUnsupported, into: &pair)
        case UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "%"), UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
            unsupported(line: line, start: start, parentIndent: parentIndent,
                        reason: "a plain value cannot start with '\(Character(Unicode.Scalar(first)))'; quote it",
                        rule: .yamlSyntax, into: &pair)
        default:
            if isItem(line, at: start) {
                unsupported(line: line, start: start, parentIndent: parentIndent,
                            reason: "a list item cannot follow a key on its line", rule: .yamlSyntax, into: &pair)
            } else if (first == UInt8(ascii: "?") || first == UInt8(ascii: ":")),
                      start + 1 == b.count || b[b.startIndex + start + 1] == 0x20 || b[b.startIndex + start + 1] == 0x09 {
                unsupported(line: line, start: start, parentIndent: parentIndent,
                            reason: "a mapping cannot start on a key's line", rule: .yamlSyntax, into: &pair)
            } else {
                plainScalar(line: line, start: start, parentIndent: parentIndent, into: &pair)
            }
        }
        return pair
    }

    /// A value on the lines below a key: a block sequence, a nested mapping, any other node
    /// (a scalar, a flow list…) indented more than the key, or empty.
    private mutating func blockValue(after line: Int, parentIndent: Int, inSequence: Bool, into pair: inout YAMLSpannedPair) {
        let next = nextContentLine(after: line)
        guard next < end else { return }
        let childIndent = indent(next)
        guard depth < YAMLBlockParser.maximumDepth else {
            unsupported(line: next, start: childIndent, parentIndent: parentIndent,
                        reason: "nested more than \(YAMLBlockParser.maximumDepth) levels deep", rule: .yamlSyntax, into: &pair)
            return
        }
        depth += 1
        defer { depth -= 1 }
        // After a tab only a scalar or flow node may follow; a block collection needs space indentation.
        let tab = isTab(next, at: childIndent)
        if !tab, isItem(next, at: childIndent), childIndent > parentIndent || (childIndent == parentIndent && !inSequence) {
            let (items, last) = sequence(indent: childIndent, from: next)
            pair.value = .sequence(items)
            pair.endLineIndex = last + 1
        } else if childIndent > parentIndent {
            if !tab, hasKey(next, at: childIndent) {
                let (pairs, _) = mapping(indent: childIndent, from: next)
                pair.value = .mapping(pairs.map { YAMLPair(key: $0.key, value: $0.value) })
                pair.endLineIndex = pairs.last?.endLineIndex ?? next + 1
            } else {
                let node = value(line: next, offset: childIndent, parentIndent: parentIndent, inSequence: inSequence)
                pair.value = node.value
                pair.endLineIndex = node.endLineIndex
            }
        }
    }

    /// Block sequence items at `indent` from line `start`; returns the items and the last line used.
    /// The first item may stand at `firstOffset` (a list that starts on an outer item's line).
    private mutating func sequence(indent: Int, from start: Int, firstOffset: Int? = nil) -> ([YAMLNode], Int) {
        var items: [YAMLNode] = []
        var i = start
        var last = start
        while i < end {
            if isBlankOrComment(i) { i += 1; continue }
            let offset = (i == start ? firstOffset : nil) ?? self.indent(i)
            guard offset == indent, isItem(i, at: offset) else { break }
            let itemStart = skipSpaces(i, from: offset + 1)
            let item: YAMLSpannedPair
            guard depth < YAMLBlockParser.maximumDepth else {
                var pair = YAMLSpannedPair(key: "-", value: .empty, lineIndex: i, endLineIndex: i + 1, colonEnd: 0)
                unsupported(line: i, start: itemStart, parentIndent: indent,
                            reason: "nested more than \(YAMLBlockParser.maximumDepth) levels deep", rule: .yamlSyntax, into: &pair)
                items.append(pair.value)
                last = pair.endLineIndex - 1
                i = pair.endLineIndex
                continue
            }
            depth += 1
            if itemStart < bytes(i).count, hasKey(i, at: itemStart) {
                let (pairs, _) = mapping(indent: itemStart, from: i, firstOffset: itemStart)
                item = YAMLSpannedPair(key: "-", value: .mapping(pairs.map { YAMLPair(key: $0.key, value: $0.value) }),
                                       lineIndex: i, endLineIndex: pairs.last?.endLineIndex ?? i + 1, colonEnd: 0)
            } else if itemStart < bytes(i).count, isItem(i, at: itemStart), !isTab(i, at: offset + 1) {
                // A list inside a list item, starting on the item's line (`- - a`).
                let (inner, innerLast) = sequence(indent: itemStart, from: i, firstOffset: itemStart)
                item = YAMLSpannedPair(key: "-", value: .sequence(inner), lineIndex: i, endLineIndex: innerLast + 1, colonEnd: 0)
            } else {
                item = value(line: i, offset: offset + 1, parentIndent: indent, inSequence: true)
            }
            depth -= 1
            items.append(item.value)
            last = item.endLineIndex - 1
            i = item.endLineIndex
        }
        return (items, last)
    }
}
