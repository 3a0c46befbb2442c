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

    /// 0-based lines that start a conflict marker (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`);
    /// none unless a `<<<<<<<` line opens a conflict (a lone `=======` is a setext underline).
    package static func markerLines(in bytes: [UInt8]) -> [Int] {
        let text = TextBuffer(bytes)
        let lines = (0..<text.lineCount).filter { marker(text.content($0)) != nil }
        return lines.contains { marker(text.content($0)) == UInt8(ascii: "<") } ? lines : []
    }

    /// Splits a file with conflict markers into its versions; nil when it has no complete conflict.
    package init?(_ bytes: [UInt8]) {
        let text = TextBuffer(bytes)
        enum Section { case common, current, base, other }
        var section = Section.common
        var current: [String] = [], other: [String] = [], base: [String] = []
        var everyConflictHasBase = true, sawConflict = false
        var currentLabel = "ours", otherLabel = "theirs"
        for i in 0..<text.lineCount {
            let line = text.string(i)
            switch (ConflictMarkers.marker(text.content(i)), section) {
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
