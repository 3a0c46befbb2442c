
/// A wikilink as written on one line: `[[TARGET]]`, `[[TARGET|TEXT]]`, `[[TARGET#HEADING]]`,
/// `[[TARGET#^BLOCK|TEXT]]`, or an embed `![[TARGET]]`. Whether it names a person is the
/// vault's to say (`LinkResolver`); this is only what the line holds.
///
/// Links are found as Obsidian finds them, over the line's UTF-8 bytes: not inside a code span
/// (a run of backticks closed by a run of the same length on the same line), not after a
/// backslash (`\[[` is text), never nested; the first `]]` closes. A `\` just before the `|`
/// (a link inside a table cell, `[[ada\|Ada]]`) is not part of the target.
package struct PersonLink: Sendable, Equatable {
    /// What the link points at, as written (before any `#` or `|`).
    package var target: String
    /// The heading or `^block` after `#`, without the `#`.
    package var anchor: String?
    /// The text shown instead of the target, after `|`.
    package var text: String?
    /// `![[…]]`: the note's content shown in place. An embed is not a person link.
    package var isEmbed: Bool
    /// Byte offsets within the line: the whole link (from the `!` of an embed, else the `[[`, to
    /// just past `]]`), its target and its text.
    package var span: Range<Int>
    package var targetSpan: Range<Int>
    package var textSpan: Range<Int>?

    /// `[[ID|TEXT]]` (`[[ID]]` without text): how the tool writes a link. Text that cannot stand
    /// in a link (it holds `|`, `[[`, `]]` or a line break) is left out.
    package static func markup(_ target: String, text: String? = nil) -> String {
        guard let text, !text.isEmpty, canHold(text) else { return "[[" + target + "]]" }
        return "[[" + target + "|" + text + "]]"
    }

    /// Whether `text` can be a link's target or text as it is.
    package static func canHold(_ text: String) -> Bool {
        !text.contains("|") && !text.contains("[[") && !text.contains("]]") && !text.contains("\n") && !text.contains("\r")
    }

    /// Whether a target is a day (`2026-11-20`, `2026_11_20`, or a name that starts with one): a
    /// link to a daily note, never to a person, and never dead (Obsidian makes the note when the
    /// link is followed).
    package static func isDay(_ target: String) -> Bool {
        let b = Array(target.utf8.prefix(10))
        guard b.count == 10, b[4] == b[7], b[4] == 0x2D || b[4] == 0x5F else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 }
    }

    /// Whether a link's target names a day: it starts with one (`isDay`), or it is one of the
    /// titles Logseq gives its journal pages (`[[Jun 12th, 2027]]`, see `JournalTitle`).
    package static func namesDay(_ target: String) -> Bool {
        let trimmed = target.trimmingSpaces
        return isDay(trimmed) || JournalTitle.isDay(trimmed)
    }

    /// Whether the link can name a person at all: not an embed, a target that is not empty (a
    /// link to a heading of the same note) and not a day.
    package var mayNamePerson: Bool {
        !isEmbed && !target.allSatisfy { $0 == " " } && !PersonLink.namesDay(target)
    }

    /// 1-based columns of `links` (in line order, as `scan` returns them) on `line`, in
    /// characters as editors count them. Each byte of the line is counted once, however many
    /// links it holds.
    static func columns(of links: [PersonLink], in line: UnsafeBufferPointer<UInt8>) -> [Int] {
        var columns: [Int] = []
        columns.reserveCapacity(links.count)
        var counted = 0, characters = 0
        for link in links {
            let segment = UnsafeBufferPointer(rebasing: line[counted..<max(counted, link.span.lowerBound)])
            characters += segment.allSatisfy { $0 < 0x80 } ? segment.count : String(decoding: segment, as: UTF8.self).count
            counted += segment.count
            columns.append(characters + 1)
        }
        return columns
    }
}

// MARK: Scanning

extension PersonLink {
    /// Whether `bytes` hold `[[` anywhere: a file without it has no links, and is passed over
    /// after one byte search.
    static func mayHoldLinks<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool { bytes.contains(bytes: "[[".utf8) }

    /// The links on one line, in order.
    package static func scan(_ line: String) -> [PersonLink] {
        var line = line
        return line.withUTF8 { scan($0) }
    }

    /// The links on one line (its bytes, without the line ending), in order. A line without
    /// `[[` costs one `memchr` pass.
    static func scan(_ b: UnsafeBufferPointer<UInt8>) -> [PersonLink] {
        guard mayHoldLinks(b) else { return [] }
        let spans = codeSpans(b)
        var links: [PersonLink] = []
        var span = 0
        var i = 0
        let n = b.count
        while i + 1 < n {
            while span < spans.count, spans[span].upperBound <= i { span += 1 }
            if span < spans.count, spans[span].contains(i) {
                i = spans[span].upperBound
                continue
            }
            let byte = b[i]
            if byte == 0x5C { i += 2; continue }   // `\[` is a bracket, not a link
            guard byte == 0x5B, b[i + 1] == 0x5B else { i += 1; continue }
            // The first `]]` closes; another `[[` first starts over there.
            var j = i + 2
            var close: Int?
            while j + 1 < n {
                if b[j] == 0x5D, b[j + 1] == 0x5D { close = j; break }
                if b[j] == 0x5B, b[j + 1] == 0x5B { break }
                j += 1
            }
            guard let close else { i = j + 1 < n ? j : n; continue }
            // A code span that starts inside the brackets takes them apart: not a link.
            if span < spans.count, spans[span].lowerBound < close + 2 { i = spans[span].lowerBound; continue }
            let isEmbed = i > 0 && b[i - 1] == 0x21
            if let link = link(b, content: (i + 2)..<close, start: isEmbed ? i - 1 : i, isEmbed: isEmbed) { links.append(link) }
            i = close + 2
        }
        return links
    }

    /// The link whose brackets hold `content`; nil when it points at nothing (`[[]]`, `[[|x]]`).
    private static func link(_ b: UnsafeBufferPointer<UInt8>, content: Range<Int>, start: Int, isEmbed: Bool) -> PersonLink? {
        var pipe: Int?, hash: Int?
        for k in content {
            if b[k] == 0x7C { pipe = k; break }
            if b[k] == 0x23, hash == nil { hash = k }
        }
        var targetEnd = hash ?? pipe ?? content.upperBound
        if pipe != nil, hash == nil, targetEnd > content.lowerBound, b[targetEnd - 1] == 0x5C { targetEnd -= 1 }
        let targetSpan = content.lowerBound..<targetEnd
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self) }
        var anchor: String?
        if let hash {
            var end = pipe ?? content.upperBound
            if pipe != nil, end > hash + 1, b[end - 1] == 0x5C { end -= 1 }
            anchor = text((hash + 1)..<end)
        }
        let textSpan = pipe.map { ($0 + 1)..<content.upperBound }
        guard !targetSpan.isEmpty || anchor != nil else { return nil }
        return PersonLink(target: text(targetSpan), anchor: anchor, text: textSpan.map(text), isEmbed: isEmbed,
                          span: start..<(content.upperBound + 2), targetSpan: targetSpan, textSpan: textSpan)
    }

    /// The code spans of a line, as CommonMark pairs backtick runs: a run opens a span that the
    /// next run of the same length closes; a run never closed is text. Each run is looked at once.
    static func codeSpans(_ b: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard Bytes.firstIndex(of: 0x60, in: b) != nil else { return [] }
        var runs: [Range<Int>] = []
        var i = 0
        while i < b.count {
            if b[i] == 0x5C, i + 1 < b.count { i += 2; continue }   // an escaped backtick is text
            guard b[i] == 0x60 else { i += 1; continue }
            let start = i
            while i < b.count, b[i] == 0x60 { i += 1 }
            runs.append(start..<i)
        }
        // Where each run length occurs, in order; a cursor per length only moves forward.
        var byLength: [Int: [Int]] = [:]
        for (index, run) in runs.enumerated() { byLength[run.count, default: []].append(index) }
        var cursor: [Int: Int] = [:]
        var spans: [Range<Int>] = []
        var r = 0
        while r < runs.count {
            let length = runs[r].count
            let list = byLength[length]!
            var c = cursor[length] ?? 0
            while c < list.count, list[c] <= r { c += 1 }
            cursor[length] = c
            guard c < list.count else { r += 1; continue }
            let closer = list[c]
            spans.append(runs[r].lowerBound..<runs[closer].upperBound)
            r = closer + 1
        }
        return spans
    }
}

// MARK: Lines of a file

extension PersonLink {
    /// Calls `body` with each line that holds links, outside fenced code blocks: its 0-based
    /// index, its bytes (valid only during the call) and its links. Lines in `plain` (a front matter) are read without looking for
    /// fences. A fence opened in a list item (on the item's line or indented under it) ends with
    /// the item, at the next line that is not indented, as in CommonMark and the log.
    package static func forEachLine(in text: TextBuffer, plain: Range<Int> = 0..<0,
                            _ body: (_ index: Int, _ line: UnsafeBufferPointer<UInt8>, _ links: [PersonLink]) -> Void) {
        guard mayHoldLinks(text.bytes) else { return }
        text.withLines { line in
            var fence: (marker: UInt8, length: Int, inItem: Bool)?
            for i in 0..<text.lineCount {
                let b = line(i)
                if !plain.contains(i) {
                    let blank = b.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                    if let open = fence {
                        let indented = b.first == 0x20 || b.first == 0x09
                        if open.inItem, !blank, !indented {
                            fence = nil   // the item ended, and its code block with it; the line is read below
                        } else {
                            if let close = fenceMarker(b, afterBullet: false), close.marker == open.marker,
                               close.length >= open.length, close.restIsBlank {
                                fence = nil
                            }
                            continue
                        }
                    }
                    if let open = fenceMarker(b, afterBullet: true) {
                        fence = (open.marker, open.length, open.inItem)
                        continue
                    }
                }
                let links = scan(b)
                if !links.isEmpty { body(i, b, links) }
            }
        }
    }

    /// A code fence on the line: three or more backticks or tildes after the indentation (and,
    /// `afterBullet`, a list item's bullet); `inItem` when it stands in a list item: indented
    /// (under an item, as a note's code sample is) or after a bullet.
    private static func fenceMarker(_ b: UnsafeBufferPointer<UInt8>, afterBullet: Bool)
        -> (marker: UInt8, length: Int, inItem: Bool, restIsBlank: Bool)? {
        var i = 0
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        var inItem = i > 0
        if afterBullet, let content = listItemContent(b, from: i) {
            i = content
            inItem = true
        }
        guard i < b.count, b[i] == 0x60 || b[i] == 0x7E else { return nil }
        let marker = b[i]
        var end = i
        while end < b.count, b[end] == marker { end += 1 }
        let length = end - i
        guard length >= 3 else { return nil }
        let rest = UnsafeBufferPointer(rebasing: b[end...])
        if marker == 0x60, rest.contains(0x60) { return nil }   // a backtick fence's info string has no backticks
        return (marker, length, inItem, rest.allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }

    /// Where a list item's content starts when a bullet (`-`, `*`, `+`, `1.`, `1)`) and a space
    /// or tab stand at `i`.
    static func listItemContent(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var k = i
        guard k < b.count else { return nil }
        if b[k] == 0x2D || b[k] == 0x2A || b[k] == 0x2B {
            k += 1
        } else {
            while k < b.count, k - i < 9, b[k] >= 0x30, b[k] <= 0x39 { k += 1 }
            guard k > i, k < b.count, b[k] == 0x2E || b[k] == 0x29 else { return nil }
            k += 1
        }
        guard k < b.count, b[k] == 0x20 || b[k] == 0x09 else { return nil }
        while k < b.count, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
        return k
    }
}

// MARK: Reading a note

extension PersonLink {
    /// `note` as a person reads it: each link replaced by the text it shows (its `|text`, else
    /// its target, with ` > heading` for a link to a heading), as Obsidian shows it. Embeds and
    /// code spans stay as written.
    package static func readable(_ note: String) -> String {
        guard mayHoldLinks(note.utf8) else { return note }
        return note.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            return line.withUTF8 { b -> String in
                let links = scan(b).filter { !$0.isEmbed }
                guard !links.isEmpty else { return String(decoding: b, as: UTF8.self) }
                var out: [UInt8] = []
                var at = 0
                for link in links {
                    out.append(contentsOf: b[at..<link.span.lowerBound])
                    let shown = link.text ?? (link.target + (link.anchor.map { " > " + $0 } ?? ""))
                    out.append(contentsOf: shown.utf8)
                    at = link.span.upperBound
                }
                out.append(contentsOf: b[at...])
                return String(decoding: out, as: UTF8.self)
            }
        }.joined(separator: "\n")
    }
}

// MARK: Links inside YAML strings

extension PersonLink {
    /// The YAML quote (`"` or `'`) a front-matter line is inside at byte `offset`; nil outside quotes.
    package static func yamlQuote(before offset: Int, in b: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var quote: UInt8?
        var i = 0
        while i < offset {
            let byte = b[i]
            if let q = quote {
                if q == 0x22, byte == 0x5C { i += 2; continue }
                if byte == q {
                    if q == 0x27, i + 1 < b.count, b[i + 1] == 0x27 { i += 2; continue }
                    quote = nil
                }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x23, i > 0, b[i - 1] == 0x20 {
                return nil   // a comment
            }
            i += 1
        }
        return quote
    }

    /// `text` as it must be written inside `quote`.
    package static func quoted(_ text: String, _ quote: UInt8?) -> [UInt8] {
        switch quote {
        case 0x22: Array(text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").utf8)
        case 0x27: Array(text.replacing("'", with: "''").utf8)
        default: Array(text.utf8)
        }
    }

    /// The link as YAML reads it inside `quote` (`''` is `'` in single quotes; `\"` and `\\`
    /// are `"` and `\` in double quotes); the same link outside quotes.
    package func unquoted(_ quote: UInt8?) -> PersonLink {
        guard let quote else { return self }
        var link = self
        func read(_ text: String) -> String {
            quote == 0x27 ? text.replacing("''", with: "'") : text.replacing("\\\"", with: "\"").replacing("\\\\", with: "\\")
        }
        link.target = read(target)
        link.anchor = anchor.map(read)
        link.text = text.map(read)
        return link
    }
}
