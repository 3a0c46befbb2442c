
/// A person file as read: the original bytes, the front matter and log it understood, and the
/// problems it found. Reading never fails; what could not be understood is in `diagnostics`.
///
/// The document is a value: edits (see `PersonDocument+Editing.swift`) return new bytes that differ
/// from the original only in the lines the edit had to change.
package struct PersonDocument: Sendable {
    /// The path used in diagnostics, usually relative to the vault (`people/ada.md`).
    package let path: String
    package let text: TextBuffer
    package let frontMatter: FrontMatter?
    package let log: InteractionLog?
    package let diagnostics: [Diagnostic]
    /// Why the tool must not write this file at all, when it must not.
    package let writeBlocker: String?
    package let settings: LogSettings
    let outline: MarkdownOutline

    /// What a vault says about logs: its interaction types and the log's heading.
    package struct LogSettings: Sendable, Equatable {
        package var types: [String]
        package var heading: String
        package static let standard = LogSettings(types: ["call", "message", "email", "visit", "note"], heading: "Interactions")
        package init(types: [String], heading: String) {
            self.types = types.map { $0.lowercased() }
            self.heading = heading
        }
    }

    /// `notesOnDemand`: the log keeps where each entry stands instead of its note, and reads a note
    /// when the entry is asked for (`InteractionLog.entry(at:)`): for showing a log of a million entries.
    /// `namesOnly`: only what the person is known by (`name`, `aliases`, `emails`, `contactID`) is
    /// read: the front matter, and the body's headings only when the front matter gives no name;
    /// the log is not (`log` is nil). What finding a PERSON argument needs of a file the facts
    /// cache does not hold; such a document is not for editing or reports.
    package init(bytes: [UInt8], path: String, settings: LogSettings = .standard, notesOnDemand: Bool = false, namesOnly: Bool = false) {
        self.path = path
        self.settings = settings
        text = TextBuffer(bytes)
        if let problem = TextProblem(bytes) {
            writeBlocker = problem.reason
            diagnostics = [Diagnostic(path: path, line: problem.line, rule: .unreadableFile, message: "file is not read: \(problem.reason)")]
            frontMatter = nil
            log = nil
            outline = MarkdownOutline()
            return
        }
        var diagnostics: [Diagnostic] = []
        var blocker: String?
        frontMatter = FrontMatter.parse(text, path: path, diagnostics: &diagnostics)
        if frontMatter == nil, text.lineCount > 0, FrontMatter.isDelimiter(text.content(0), allowDots: false) {
            blocker = "its front matter has no closing '---'"
        }
        let bodyStart = frontMatter.map { $0.closeLine + 1 } ?? 0
        if namesOnly {
            outline = Self.frontMatterName(frontMatter) != nil ? MarkdownOutline() : MarkdownOutline(text, from: bodyStart)
            log = nil
        } else {
            outline = MarkdownOutline(text, from: bodyStart)
            log = InteractionLog.parse(text, outline: outline, heading: settings.heading, types: settings.types,
                                       path: path, notesOnDemand: notesOnDemand, diagnostics: &diagnostics)
        }
        writeBlocker = blocker
        self.diagnostics = diagnostics
    }

    // MARK: Fields

    /// The display name: front matter `name`, else the first `# Heading`, else the file name.
    package var name: String {
        if let name = Self.frontMatterName(frontMatter) { return name }
        if let heading = outline.headings.first(where: { $0.level == 1 }), !heading.text.isEmpty { return heading.text }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".md") ? String(file.dropLast(3)) : file
    }

    /// The front matter's `name`, trimmed, unless it is empty.
    private static func frontMatterName(_ frontMatter: FrontMatter?) -> String? {
        guard let name = frontMatter?["name"]?.string?.trimmingSpaces, !name.isEmpty else { return nil }
        return name
    }

    package var contactID: String? { frontMatter?["contact_id"]?.string }
    package var phones: [String] { frontMatter?["phone"]?.strings ?? [] }
    package var emails: [String] { frontMatter?["email"]?.strings ?? [] }
    package var tags: [String] { frontMatter?["tags"]?.strings ?? [] }
    package var aliases: [String] { frontMatter?["aliases"]?.strings ?? [] }
    /// `company:`, a key imports write (the organisation; the person's own name for an organisation).
    package var company: String? { frontMatter?["company"]?.string }
    /// `YYYY-MM-DD`, or `--MM-DD` when the year is unknown, as written.
    package var birthday: String? { frontMatter?["birthday"]?.string }
    package var every: Cadence? { frontMatter?["every"]?.string.flatMap(Cadence.init) }
    package var snooze: Day? { frontMatter?["snooze"]?.string.flatMap { Day($0) } }
    package var added: Day? { frontMatter?["added"]?.string.flatMap { Day($0) } }
    /// `dates:`, each name with its date in file order (a name written twice: its last value);
    /// values that are not dates are left out (`fieldProblems` has them).
    package var dates: [NamedDate] {
        guard case .mapping(let pairs) = frontMatter?["dates"] else { return [] }
        var dates: [NamedDate] = []
        for pair in pairs {
            dates.removeAll { $0.name == pair.key }
            if let date = pair.value.string.flatMap(PartialDate.init) { dates.append(NamedDate(name: pair.key, date: date)) }
        }
        return dates
    }
    /// `deceased:`, the day the person died, when it is a date.
    package var deceased: PartialDate? { frontMatter?["deceased"]?.string.flatMap(PartialDate.init) }

    /// How many entries are interactions (plain or ticked, whatever their date; open items are
    /// plans): the count `crm list` and the CSV export give.
    package var interactionCount: Int { log?.interactionCount ?? 0 }

    /// Entries, newest first whatever the file's order (stable within a day).
    package var interactions: [Interaction] {
        log.map { log in log.newestFirst().map(log.entry) } ?? []
    }

    /// The body without the front matter and the log, blank lines trimmed at both ends.
    package var notes: String {
        let bodyStart = frontMatter.map { $0.closeLine + 1 } ?? 0
        var lines: ArraySlice<String> = []   // a slice: dropping a first line costs no copy of the rest
        for i in bodyStart..<text.lineCount {
            if let log, (log.headingLine..<log.end).contains(i) { continue }
            lines.append(text.string(i))
        }
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
