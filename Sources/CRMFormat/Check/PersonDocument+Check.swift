extension PersonDocument {
    /// Every problem `crm check` reports for this file alone: what reading found, plus values of
    /// known keys that are not of their form, a missing name, entries out of order, git conflict
    /// markers and `# conflict:` comments left by a merge, code fences and HTML comments never
    /// closed, code blocks and comments the log left alone.
    package var problems: [Diagnostic] { problems(values: valueCheck) }

    /// `problems`, with the known keys' values already checked.
    package func problems(values: ValueCheck) -> [Diagnostic] {
        guard writeBlocker == nil else { return diagnostics }
        // Conflict markers first: at the same place, they explain the YAML errors they cause.
        let found = conflictProblems + diagnostics + nameProblems + values.problems + orderProblems + fenceProblems + literalProblems + undatedDoneProblems + textProblems
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private func problem(_ rule: CheckRule, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, rule: rule, message: message)
    }

    private var nameSource: String {
        if let heading = outline.headings.first(where: { $0.level == 1 }), !heading.text.isEmpty {
            return "the name '\(name)' is taken from the '# \(heading.text)' heading"
        }
        return "the name '\(name)' is taken from the file name"
    }

    package var nameProblems: [Diagnostic] {
        guard let frontMatter else {
            return [problem(.noName, 1, 1, text.lineCount == 0 ? "empty file; \(nameSource)"
                            : "no front matter; \(nameSource) (the tool adds front matter when it first sets a field)")]
        }
        guard let pair = frontMatter.pair("name") else {
            return [problem(.noName, frontMatter.openLine + 1, 1, "no 'name' in the front matter; \(nameSource)")]
        }
        // `name:` with no value; any other value that is not a name is one of `valueProblems`.
        switch pair.value {
        case .empty: break
        case .scalar where pair.value.string == nil: break
        default: return []
        }
        return [problem(.invalidValue, pair.lineIndex + 1, valueColumn(pair), FieldSchema.name.problem(with: "")!)]
    }

    /// The first entry against the log's `direction`, in a log whose order is mixed, worded as
    /// `crm log` and `crm fmt` then act.
    private var orderProblems: [Diagnostic] {
        guard let log, log.order == .mixed else { return [] }
        let direction = log.direction
        let entries = log.entriesWithoutNotes
        guard let (previous, entry) = zip(entries, entries.dropFirst()).first(where: { pair in
            direction == .newestFirst ? pair.1.isNewer(than: pair.0) : pair.0.isNewer(than: pair.1)
        }) else { return [] }
        let (up, down) = log.steps
        let how = up == down ? "read as newest first (half of it is oldest first)" : "mostly \(direction.rawValue)"
        return [problem(.entryOutOfOrder, entry.line, 1, "entry out of order: \(entry.date) comes after \(previous.date) in a log that is "
                        + "\(how), the order new entries follow ('crm fmt' sorts it)")]
    }

    /// Code blocks whose closing fence is missing: one in a list item ends with the item, one
    /// elsewhere runs to the end of the file (Markdown readers then show the rest as code).
    private var fenceProblems: [Diagnostic] {
        outline.unclosedFences.map { fence in
            problem(.unclosedCodeBlock, fence.lineIndex + 1, fence.column, fence.endedWithItem
                ? "code block is not closed: it ends with its list item; add the closing fence"
                : "code block is never closed: the rest of the file is code to a Markdown reader, and headings below it are not read; add the closing fence")
        }
    }

    /// Lines typed in the log that are not entries: kept, and shown under the entry above them,
    /// but named here alone (listings do not warn about them).
    private var textProblems: [Diagnostic] {
        (log?.textLines ?? []).map { problem(.notAnEntry, $0, 1, "line in the log is not an entry ('- YYYY-MM-DD [type:] note')") }
    }

    /// Follow-ups ticked without a date (`- [x] NOTE`): done, but on no day, so no interaction.
    private var undatedDoneProblems: [Diagnostic] {
        (log?.followUps ?? []).filter(\.isDone).map { item in
            problem(.undatedDone, item.line, 1, "follow-up ticked without a date counts as no interaction; write the day it was done: "
                    + "- [x] YYYY-MM-DD: \(item.note.prefix { $0 != "\n" })")
        }
    }

    /// What the log left alone: each code block and HTML comment in it, once, where it opens (its
    /// lines are never entries); and an HTML comment never closed, anywhere.
    private var literalProblems: [Diagnostic] {
        outline.literalBlocks.compactMap { block in
            let first = block.lines.lowerBound
            if !block.isClosed {
                // An unclosed fence is one of `fenceProblems`.
                return block.kind != .comment ? nil : problem(.unclosedComment, first + 1, block.column,
                    "HTML comment is never closed: the rest of the file is hidden to a Markdown reader, and headings below it are not read; add '-->'")
            }
            guard let log, first >= log.contentStart, first < log.end else { return nil }
            let kind = switch block.kind {
            case .fence: "code block"
            case .comment: "HTML comment"
            case .indented: "indented code block"
            }
            let lines = block.lines.count == 1 ? "line \(first + 1)" : "lines \(first + 1)-\(block.lines.upperBound)"
            return problem(.literalInLog, first + 1, block.column, "\(kind) in the log (\(lines)) left alone: its lines are not read as entries")
        }
    }

    /// Git conflict markers and a crm merge's conflict marks anywhere, and `# conflict:` comments
    /// in the front matter: each an error until a person settles it.
    private var conflictProblems: [Diagnostic] {
        // Only a file with a `<<<<<<<` somewhere can have markers: most are ruled out by one byte search.
        let mayHaveMarkers = text.bytes.contains(bytes: "<<<<<<<".utf8)
        var found = !mayHaveMarkers ? [] : ConflictMarkers.markerLines(in: text.bytes).filter { text.content($0).first == UInt8(ascii: "<") }.map {
            ConflictMarkers.isMergeMark(text.content($0))
                ? problem(.mergeConflict, $0 + 1, 1, "conflict: a merge kept both sides' lines here (ours, then theirs after '======='); keep what is right and delete the three mark lines")
                : problem(.conflictMarkers, $0 + 1, 1, "git conflict marker: the file was merged without the crm merge driver; run 'crm resolve' to merge both sides")
        }
        if let frontMatter {
            for i in (frontMatter.openLine + 1)..<frontMatter.closeLine where text.content(i).contains(bytes: "# conflict:".utf8) {
                let line = text.string(i)
                let indent = line.prefix { $0 == " " }.count
                if line.dropFirst(indent).hasPrefix("# conflict:") {
                    found.append(problem(.mergeConflict, i + 1, indent + 1, "conflict: a merge left both values: '\(line.dropFirst(indent + "# conflict: ".count))'; keep the right one and delete this comment"))
                }
            }
        }
        return found
    }
}
