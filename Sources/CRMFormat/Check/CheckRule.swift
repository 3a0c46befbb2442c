/// The kinds of problem `crm check` reports, each with its id (`dead-link`), its default
/// severity and what it finds, in this one table. Every diagnostic about a vault's files carries
/// its rule (`Diagnostic.rule`), shown after its message (`… [dead-link]`); `check:` in
/// `.crm/config.yaml` turns a rule off or changes its severity (`CheckSettings`), and
/// `crm check --rules` lists them in this order.
public enum CheckRule: String, CaseIterable, Sendable {
    // Reading files and front matter.
    case unreadableFile = "unreadable-file"
    case unreadableFolder = "unreadable-folder"
    case unterminatedFrontMatter = "unterminated-front-matter"
    case yamlSyntax = "yaml-syntax"
    case duplicateKey = "duplicate-key"
    case yamlUnsupported = "yaml-unsupported"
    case yamlTab = "yaml-tab"
    case ambiguousKey = "ambiguous-key"
    // Values of known keys and the people they make.
    case invalidValue = "invalid-value"
    case ambiguousValue = "ambiguous-value"
    case commentedOutValue = "commented-out-value"
    case noName = "no-name"
    case duplicateName = "duplicate-name"
    case duplicateContactID = "duplicate-contact-id"
    case tagSpelling = "tag-spelling"
    // The log.
    case invalidEntry = "invalid-entry"
    case oddTime = "odd-time"
    case notAnEntry = "not-an-entry"
    case entryOutOfOrder = "entry-out-of-order"
    case futureEntry = "future-entry"
    case doneAfterToday = "done-after-today"
    case undatedDone = "undated-done"
    case unclosedCodeBlock = "unclosed-code-block"
    case unclosedComment = "unclosed-comment"
    case literalInLog = "literal-in-log"
    // Links and daily notes.
    case deadLink = "dead-link"
    case ambiguousLink = "ambiguous-link"
    case journalOutside = "journal-outside"
    case notADay = "not-a-day"
    // Conflicts and commands stopped half way.
    case conflictMarkers = "conflict-markers"
    case mergeConflict = "merge-conflict"
    case syncConflictCopy = "sync-conflict-copy"
    case unfinishedCommand = "unfinished-command"
    // .crm/config.yaml.
    case configValue = "config-value"
    case configUnknownKey = "config-unknown-key"
    case configProgram = "config-program"
    case configOutside = "config-outside"

    /// The rule's id, as output and `check:` name it.
    public var id: String { rawValue }

    /// The severity of its problems unless `check:` changes it.
    public var severity: Diagnostic.Severity { entry.severity }

    /// What the rule finds, in one line.
    public var summary: String { entry.summary }

    private var entry: (severity: Diagnostic.Severity, summary: String) {
        switch self {
        case .unreadableFile: (.error, "a file that cannot be read (not UTF-8, NUL bytes, lone CR line ends, not a file, no permission): left out")
        case .unreadableFolder: (.warning, "a folder under people/ that cannot be read: the people in it are left out")
        case .unterminatedFrontMatter: (.error, "front matter that starts with '---' and has no closing '---': the file is not read")
        case .yamlSyntax: (.error, "front matter or config YAML that cannot be read (bad indentation, unclosed quote, 'key: value' expected)")
        case .duplicateKey: (.error, "a key written twice in one mapping: only the last one is read")
        case .yamlUnsupported: (.warning, "YAML the tool does not interpret (anchors, aliases, tags, flow mappings): kept as written")
        case .yamlTab: (.warning, "a tab outside quotes in front matter, which YAML 1.1 readers (PyYAML) refuse")
        case .ambiguousKey: (.warning, "a key YAML readers read as a number, date, boolean or null: quote it")
        case .invalidValue: (.error, "a value not of its key's form (birthday, dates, deceased, every, snooze, added, name, tags, related …): not read")
        case .ambiguousValue: (.warning, "plain text some YAML readers read as a number, date, boolean or null: quote it")
        case .commentedOutValue: (.warning, "a value or list item left empty by a '#' that starts a YAML comment")
        case .noName: (.warning, "a file without front matter or without name:; the name comes from its heading or file name")
        case .duplicateName: (.warning, "people sharing a name (ignoring case and accents): PERSON arguments cannot tell them apart")
        case .duplicateContactID: (.warning, "people sharing a contact_id: two files for one contact?")
        case .tagSpelling: (.warning, "a tag spelt in two ways (tags compare ignoring case and accents)")
        case .invalidEntry: (.error, "a log line or daily-note item with an impossible date or time: not read as an interaction")
        case .oddTime: (.warning, "an entry's time that is not HH:MM: read as part of the note")
        case .notAnEntry: (.warning, "a line in the log that is not an entry ('- YYYY-MM-DD [type:] note')")
        case .entryOutOfOrder: (.warning, "an entry against the order of the rest of the log ('crm fmt' sorts it)")
        case .futureEntry: (.warning, "an entry dated more than a year after today: a mistyped year?")
        case .doneAfterToday: (.warning, "an item ticked done but dated after today: it reads as planned until then")
        case .undatedDone: (.warning, "a follow-up ticked without a date: done on no day, so no interaction")
        case .unclosedCodeBlock: (.warning, "a code block whose closing fence is missing")
        case .unclosedComment: (.warning, "an HTML comment never closed: the rest of the file is hidden")
        case .literalInLog: (.warning, "a code block or HTML comment in the log: its lines are not read as entries")
        case .deadLink: (.warning, "a link that names no person and no file of the vault")
        case .ambiguousLink: (.warning, "a link that names several people: it counts for none of them")
        case .journalOutside: (.warning, "a journal folder that is a symbolic link out of the vault: its daily notes are not read")
        case .notADay: (.warning, "a daily note whose file name starts with a date that is not a day: read as a note")
        case .conflictMarkers: (.error, "git conflict markers: the file was merged without the crm merge driver ('crm resolve')")
        case .mergeConflict: (.error, "both sides left by a merge ('# conflict:' comments, '<<<<<<< … (crm: …)' marks)")
        case .syncConflictCopy: (.error, "a sync conflict copy of a person file ('crm resolve' merges it)")
        case .unfinishedCommand: (.error, "a command stopped half way ('crm fmt' finishes it)")
        case .configValue: (.error, "a .crm/config.yaml value not of its form: the default is used")
        case .configUnknownKey: (.warning, "a key .crm/config.yaml does not have: ignored")
        case .configProgram: (.warning, "a program named in .crm/config.yaml (editor, pager, opener): ignored")
        case .configOutside: (.warning, "a place outside the vault named in .crm/config.yaml (calendar, contacts): ignored")
        }
    }
}
