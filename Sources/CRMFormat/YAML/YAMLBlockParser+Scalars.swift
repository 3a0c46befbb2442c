/// The scalars of a block mapping: plain, quoted, flow sequences, block scalars, and values the
/// reader does not take (kept as their source text, with a diagnostic).
extension YAMLBlockParser {
    /// A plain scalar from `start` on `line`, continued on following lines indented more than the parent.
    mutating func plainScalar(line: Int, start: Int, parentIndent: Int, into pair: inout YAMLSpannedPair) {
        var first = bytes(line).prefix(0)
        var more: [YAMLScalarDecoding.Line] = []   // continuation lines, when the value goes on
        var i = line
        var last = line
        var from = start
        var inlineEnd = 0
        var reportedColon = false
        while i < end {
            let b = bytes(i)
            let s = b.startIndex + from
            var stop = b.endIndex
            var j = s
            while j < b.endIndex {
                if b[j] == 0x23, j > s, b[j - 1] == 0x20 || b[j - 1] == 0x09 { stop = j; break }
                if !reportedColon, b[j] == 0x3A, j + 1 == b.endIndex || b[j + 1] == 0x20 || b[j + 1] == 0x09 {
                    // Once per value: a long value with many `: ` gets one report, not one per hit.
                    report(i, j - b.startIndex, .yamlSyntax, "':' followed by a space inside a plain value; quote the value")
                    reportedColon = true
                }
                j += 1
            }
            var e = stop
            while e > s, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
            if i == line {
                inlineEnd = e - b.startIndex
                first = b[s..<e]
            } else {
                more.append(b[s..<e])
            }
            last = i
            if stop < b.endIndex { break }   // a comment ends the scalar
            // Continuation: the next non-blank line indented more than the parent, not a comment.
            var k = i + 1
            var blanks: [YAMLScalarDecoding.Line] = []
            while k < end, bytes(k).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { blanks.append(bytes(k).prefix(0)); k += 1 }
            guard k < end, indent(k) > parentIndent, !isBlankOrComment(k) else { break }
            more.append(contentsOf: blanks)
            i = k
            from = indent(k)
        }
        let text = more.isEmpty ? String(decoding: first, as: UTF8.self) : YAMLScalarDecoding.plain([first] + more)
        pair.value = .scalar(text, .plain)
        pair.endLineIndex = last + 1
        if last == line {
            pair.inlineValue = start..<inlineEnd
            pair.inlineStyle = .plain
        }
    }

    /// A single- or double-quoted scalar, possibly over several lines.
    mutating func quotedScalar(line: Int, start: Int, parentIndent: Int, into pair: inout YAMLSpannedPair) {
        let quote = bytes(line)[bytes(line).startIndex + start]
        var pieces: [YAMLScalarDecoding.Line] = []   // the lines before the closing one
        var i = line
        var from = start + 1
        while i < end {
            let b = bytes(i)
            if i > line, !isUnderIndented(i, parentIndent: parentIndent) {
                report(i, indent(i), .yamlSyntax, "a quoted value's next line must be indented more than its key, with spaces")
            }
            let j = YAMLScalarDecoding.closingQuote(quote, in: b, from: b.startIndex + from)
            tabsAreText[i, default: []].append((i == line ? start : 0)..<min(j - b.startIndex + 1, b.count))
            if j < b.endIndex {
                let piece = b[(b.startIndex + from)..<j]
                let close = j - b.startIndex
                reportTextAfter(i, from: close + 1, what: "the closing quote")
                let style: YAMLScalarStyle = quote == 0x27 ? .singleQuoted : .doubleQuoted
                pair.endLineIndex = i + 1
                do {
                    let text = pieces.isEmpty
                        ? (quote == 0x27 ? YAMLScalarDecoding.singleQuoted(piece) : try YAMLScalarDecoding.doubleQuoted(piece))
                        : (quote == 0x27 ? YAMLScalarDecoding.singleQuoted(pieces + [piece])
                            : try YAMLScalarDecoding.doubleQuoted(pieces + [piece]))
                    pair.value = .scalar(text, style)
                } catch {
                    report(line, start, .yamlSyntax, "unknown escape '\(error.text)' in a double-quoted value")
                    pair.value = .unsupported(sourceText(line, start, through: i), reason: "invalid escape")
                    return
                }
                if i == line {
                    pair.inlineValue = start..<(close + 1)
                    pair.inlineStyle = style
                }
                return
            }
            pieces.append(b[min(b.startIndex + from, b.endIndex)...])
            i += 1
            from = 0
        }
        report(line, start, .yamlSyntax, "unterminated quoted value")
        pair.value = .unsupported(sourceText(line, start, through: end - 1), reason: "unterminated quote")
        pair.endLineIndex = end
    }

    /// `[a, "b", [c]]`, possibly over several lines.
    mutating func flowSequence(line: Int, start: Int, parentIndent: Int, into pair: inout YAMLSpannedPair) {
        var reader = FlowReader(lines: lines, end: end, line: line, offset: start, parentIndent: parentIndent)
        let node = reader.sequence()
        for (quotedLine, range) in reader.quotedRanges { tabsAreText[quotedLine, default: []].append(range) }
        if let problem = reader.problem {
            report(problem.line, problem.offset, problem.rule, problem.message)
            let endLine = max(reader.line, line)
            pair.value = .unsupported(sourceText(line, start, through: min(endLine, end - 1)), reason: problem.message)
            pair.endLineIndex = min(endLine + 1, end)
            return
        }
        reportTextAfter(reader.line, from: reader.offset, what: "']'")
        pair.value = node
        pair.endLineIndex = reader.line + 1
        if reader.line == line { pair.inlineValue = start..<reader.offset }
    }

    /// Reports anything but spaces and a comment from `offset` of `line` to its end (after a value
    /// that must end there). A comment needs white space before its `#`.
    mutating func reportTextAfter(_ line: Int, from offset: Int, what: String) {
        let after = skipSpaces(line, from: offset)
        guard after < bytes(line).count else { return }
        if bytes(line)[bytes(line).startIndex + after] != 0x23 {
            report(line, after, .yamlSyntax, "unexpected text after \(what)")
        } else if after == offset {
            report(line, after, .yamlSyntax, "a comment needs a space before its '#'")
        }
    }

    /// A value the reader does not interpret: kept as source text, with the lines indented under it.
    /// A key's value may go on with list items at the key's own indentation (`tags: !tag` then `- a`).
    mutating func unsupported(line: Int, start: Int, parentIndent: Int, reason: String, inSequence: Bool = true,
                                      rule: CheckRule, into pair: inout YAMLSpannedPair) {
        var last = line
        var k = line + 1
        while k < end {
            if isBlankOrComment(k) { k += 1; continue }
            guard indent(k) > parentIndent || (!inSequence && indent(k) == parentIndent && isItem(k, at: parentIndent))
            else { break }
            last = k
            k += 1
        }
        report(line, start, rule, rule == .yamlUnsupported ? "unsupported YAML (\(reason)) is kept as written" : reason)
        pair.value = .unsupported(sourceText(line, start, through: last), reason: reason)
        pair.endLineIndex = last + 1
    }

    /// `|` or `>` with optional chomping and indentation indicators, then the indented lines.
    mutating func blockScalar(line: Int, header: Int, parentIndent: Int, into pair: inout YAMLSpannedPair) {
        let b = bytes(line)
        let folded = b[b.startIndex + header] == UInt8(ascii: ">")
        var chomping: UInt8?
        var explicitIndent: Int?
        var j = b.startIndex + header + 1
        while j < b.endIndex, b[j] != 0x20, b[j] != 0x09 {
            switch b[j] {
            case UInt8(ascii: "-") where chomping == nil, UInt8(ascii: "+") where chomping == nil: chomping = b[j]
            case UInt8(ascii: "1")...UInt8(ascii: "9") where explicitIndent == nil: explicitIndent = Int(b[j] - 0x30)
            default:
                report(line, j - b.startIndex, .yamlSyntax, "invalid block scalar indicator")
                return unsupported(line: line, start: header, parentIndent: parentIndent,
                                   reason: "invalid block scalar header", rule: .yamlSyntax, into: &pair)
            }
            j += 1
        }
        let rest = skipSpaces(line, from: j - b.startIndex)
        if rest < b.count, b[b.startIndex + rest] != 0x23 || rest == j - b.startIndex {
            return unsupported(line: line, start: header, parentIndent: parentIndent,
                               reason: "text after a block scalar's '|' or '>'; only a comment may follow it",
                               rule: .yamlSyntax, into: &pair)
        }
        var contentIndent = explicitIndent.map { parentIndent + $0 }
        var pieces: [YAMLScalarDecoding.Line] = []
        var last = line
        var k = line + 1
        var leadingSpaces = 0   // the most spaces on an empty line before the first line of text
        while k < end {
            let content = bytes(k)
            let spaces = indent(k)
            let blank = spaces == content.count
            if contentIndent == nil, blank {
                leadingSpaces = max(leadingSpaces, spaces)
                pieces.append(content.prefix(0))
                k += 1
                continue
            }
            if contentIndent == nil, spaces > parentIndent {
                contentIndent = spaces
                if leadingSpaces > spaces {
                    report(k - 1, spaces, .yamlSyntax, "an empty line before a block scalar's text has more spaces than its first line")
                }
            }
            let required = contentIndent ?? parentIndent + 1
            if blank {
                // Spaces beyond the content indentation are text; fewer make an empty line.
                if spaces > required { pieces.append(content.dropFirst(required)); last = k } else { pieces.append(content.prefix(0)) }
                k += 1
                continue
            }
            guard contentIndent != nil, spaces >= required else {
                if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    report(k, spaces, .yamlSyntax, "tab in a block scalar's indentation; YAML allows only spaces")
                }
                break
            }
            pieces.append(content.dropFirst(required))
            tabsAreText[k, default: []].append(0..<content.count)
            last = k
            k += 1
        }
        // Trailing empty lines belong to the scalar only through `+` chomping; the span stops at the
        // last line with text so that empty lines after it stay put on edits.
        let kept = chomping == UInt8(ascii: "+") ? pieces : Array(pieces.prefix(last - line))
        pair.value = .scalar(YAMLScalarDecoding.block(kept, folded: folded, chomping: chomping), folded ? .folded : .literal)
        pair.endLineIndex = last + 1
    }

    /// The source text from `offset` of `line` through the end of line `lastLine`.
    func sourceText(_ line: Int, _ offset: Int, through lastLine: Int) -> String {
        var parts = [String(decoding: bytes(line).dropFirst(offset), as: UTF8.self)]
        if lastLine > line {
            for k in (line + 1)...lastLine { parts.append(String(decoding: bytes(k), as: UTF8.self)) }
        }
        return parts.joined(separator: "\n")
    }
}
