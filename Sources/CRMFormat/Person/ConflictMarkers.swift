/// The versions inside a file that holds git conflict markers (a merge made without the `crm`
/// driver): `<<<<<<< ours`, optionally `||||||| base` (diff3 style), `=======`, `>>>>>>> theirs`.
///
/// A crm merge marks notes lines both sides changed differently the same way, with labels that
/// say so (`<<<<<<< ours (crm: …)`, `>>>>>>> theirs (crm)`): editors show them as conflicts, and
/// `check` tells them from markers of a merge made without the driver.
package struct ConflictMarkers: Sendable {
    /// The opening mark a crm merge writes before the current side's lines.
    package static func mergeMarkOpening(_ label: String) -> String {
        "<<<<<<< \(label) \(mergeMarkTag) both sides changed these lines; keep what is right and delete the marks)"
    }

    /// The closing mark a crm merge writes after the other side's lines.
    package static func mergeMarkClosing(_ label: String) -> String { ">>>>>>> \(label) (crm)" }

    private static let mergeMarkTag = "(crm:"

    /// Whether the conflict that `line` opens was marked by a crm merge (`resolve`, the merge driver).
    static func isMergeMark(_ line: some Collection<UInt8>) -> Bool {
        marker(ArraySlice(line)) == UInt8(ascii: "<") && String(decoding: line, as: UTF8.self).contains(" \(mergeMarkTag) ")
    }

    /// Whether every conflict in `bytes` was marked by a crm merge (and there is one): the file
    /// holds both sides' lines for a person to choose from, not a merge left undone.
    package static func hasOnlyMergeMarks(_ bytes: [UInt8]) -> Bool {
        let text = TextBuffer(bytes)
        let openers = markerLines(in: bytes).filter { text.content($0).first == UInt8(ascii: "<") }
        return !openers.isEmpty && openers.allSatisfy { isMergeMark(text.content($0)) }
    }

    package let current: [UInt8]
    package let other: [UInt8]
    /// The common ancestor, when every conflict has its `|||||||` section.
    package let base: [UInt8]?
    /// The labels after `<<<<<<<` and `>>>>>>>` (`HEAD`, a branch name), or `ours` / `theirs`.
    package let labels: ConflictLabels

    /// 0-based lines that are conflict markers (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`), in
    /// order; none unless a `<<<<<<<` line opens a conflict (a lone `=======` is a setext underline).
    package static func markerLines(in bytes: [UInt8]) -> [Int] {
        markers(TextBuffer(bytes)).map(\.line)
    }

    /// The one rule for which lines are markers. A `<<<<<<<` line opens a conflict unless it stands
    /// inside a fenced code block (``` or ~~~, as CommonMark closes them: the same character, at
    /// least as many) in the notes or the log: there it is text a person wrote, such as an example
    /// of a merge. The conflict's sides are read as separate files are: each side's own lines
    /// open and close its fences, and a `<<<<<<<` after the conflict is text only when it stands
    /// in a code block in both sides. Within a conflict, `|||||||`, `=======` and `>>>>>>>` are
    /// its marks wherever they stand, as git writes them. The front matter has no code blocks.
    private static func markers(_ text: TextBuffer) -> [(line: Int, marker: UInt8)] {
        // Most files hold no marker: one byte search rules them out.
        guard text.bytes.contains(bytes: "<<<<<<<".utf8) else { return [] }
        enum Section { case common, current, base, other }
        var section = Section.common
        var current = SideReader(), other = SideReader()
        var found: [(line: Int, marker: UInt8)] = []
        text.withLines { content in
            for i in 0..<text.lineCount {
                let mark = marker(ArraySlice(content(i)))
                var isMark = true, isText = false
                switch (mark, section) {
                case (UInt8(ascii: "<")?, .common):
                    isMark = !(current.isInFence && other.isInFence)
                    isText = !isMark
                    if isMark { section = .current }
                case (UInt8(ascii: "<")?, _):
                    // Another conflict's opening inside this one, as a merge half undone leaves:
                    // reported, and a line of the side it stands in.
                    isText = true
                case (UInt8(ascii: "|")?, .current): section = .base
                case (UInt8(ascii: "=")?, .current), (UInt8(ascii: "=")?, .base): section = .other
                case (UInt8(ascii: ">")?, .other): section = .common
                default: isMark = false; isText = true
                }
                if isMark { found.append((i, mark!)) }
                guard isText else { continue }
                switch section {
                case .common: current.read(i, content); other.read(i, content)
                case .current: current.read(i, content)
                case .base: break
                case .other: other.read(i, content)
                }
            }
        }
        return found.contains { $0.marker == UInt8(ascii: "<") } ? found : []
    }

    /// One side of a file with conflicts, read line by line as a person file is: a front matter,
    /// then the body whose code blocks `MarkdownOutline` finds.
    private struct SideReader {
        private var line = 0
        private var inFrontMatter = false
        private var body = MarkdownOutline.Reader()
        /// Whether a line at the left margin read next stands inside a fenced code block.
        var isInFence: Bool { !inFrontMatter && body.isInFence }

        mutating func read(_ i: Int, _ content: TextBuffer.LineView) {
            defer { line += 1 }
            let bytes = ArraySlice(content(i))
            if line == 0, FrontMatter.isDelimiter(bytes, allowDots: false) {
                inFrontMatter = true
            } else if inFrontMatter {
                if FrontMatter.isDelimiter(bytes, allowDots: true) { inFrontMatter = false }
            } else {
                body.read(i, content)
            }
        }
    }

    /// Splits a file with conflict markers into its versions; nil when it has no complete conflict.
    package init?(_ bytes: [UInt8]) {
        let text = TextBuffer(bytes)
        var marks = ConflictMarkers.markers(text)[...]
        enum Section { case common, current, base, other }
        var section = Section.common
        var current: [String] = [], other: [String] = [], base: [String] = []
        var everyConflictHasBase = true, sawConflict = false
        var currentLabel = "ours", otherLabel = "theirs"
        for i in 0..<text.lineCount {
            let line = text.string(i)
            var mark: UInt8?
            if let next = marks.first, next.line == i {
                mark = next.marker
                marks.removeFirst()
            }
            switch (mark, section) {
            case (UInt8(ascii: "<")?, .common):
                section = .current
                sawConflict = true
                currentLabel = ConflictMarkers.label(line) ?? currentLabel
            case (UInt8(ascii: "|")?, .current):
                section = .base
            case (UInt8(ascii: "="), .current), (UInt8(ascii: "="), .base):
                if section == .current { everyConflictHasBase = false }
                section = .other
            case (UInt8(ascii: ">")?, .other):
                section = .common
                otherLabel = ConflictMarkers.label(line) ?? otherLabel
            default:
                switch section {
                case .common: current.append(line); other.append(line); base.append(line)
                case .current: current.append(line)
                case .base: base.append(line)
                case .other: other.append(line)
                }
            }
        }
        guard sawConflict, section == .common else { return nil }
        let whole = 0..<text.lineCount
        self.current = text.splicing(whole, with: current)
        self.other = text.splicing(whole, with: other)
        self.base = everyConflictHasBase ? text.splicing(whole, with: base) : nil
        labels = ConflictLabels(current: currentLabel, other: otherLabel)
    }

    /// Whether `line` has the shape of a conflict-marker line (see `marker`), whether or not the
    /// file has a conflict: the log does not call such a line a stray one, `check` reports conflicts.
    static func isMarkerShaped(_ line: some Collection<UInt8>) -> Bool { marker(ArraySlice(line)) != nil }

    /// The marker character of a conflict-marker line: seven of `<`, `|`, `=` or `>`, then a space
    /// or the end of the line (`=======` stands alone).
    private static func marker(_ line: ArraySlice<UInt8>) -> UInt8? {
        guard line.count >= 7, let first = line.first, [UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(first),
              line.prefix(7).allSatisfy({ $0 == first }) else { return nil }
        let rest = line.dropFirst(7)
        if first == UInt8(ascii: "=") { return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? first : nil }
        return rest.isEmpty || rest.first == 0x20 ? first : nil
    }

    private static func label(_ line: String) -> String? {
        let label = line.dropFirst(7).trimmingSpaces
        return label.isEmpty ? nil : label
    }
}

/// Names the two sides in conflict comments and marks.
package struct ConflictLabels: Sendable {
    package var current: String
    package var other: String
    package init(current: String, other: String) {
        self.current = current
        self.other = other
    }
}
