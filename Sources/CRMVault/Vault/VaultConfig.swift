import CRMFormat

/// Settings from `.crm/config.yaml`; every key is optional.
public struct VaultConfig: Sendable {
    /// Interaction types in lower case; the first is `crm log`'s default.
    public var types: [String] = PersonDocument.LogSettings.standard.types
    /// The heading of the log section.
    package var heading = "Interactions"
    /// The cadence of people who set none and have no tag cadence.
    package var every: Cadence?
    /// Cadence by tag; a person with several tags gets the shortest.
    package var tagEvery: [String: Cadence] = [:]
    /// Where `crm log --calendar` adds events.
    package var calendar: String?
    /// How many minutes the event of a timed `crm log --calendar` entry lasts
    /// (`calendar_duration`, 0 to 1440; 0 writes no end, an event that ends when it starts).
    package var calendarDuration = 60
    /// The alarm of every calendar event the tool writes (`calendar_alarm`: `15m`, `1h`, `2d`…;
    /// `none` for no alarms); 15 minutes before a timed event when not set. See `CalendarAlarm`.
    package var calendarAlarm: CalendarAlarm? = .standard
    /// The default contacts source.
    package var contacts: String?
    /// What `crm browse` hands `tel:`, `sms:` and `mailto:` links to (`opener:`), a command
    /// the shell runs with the link as its argument; `$CRM_OPENER` comes first.
    package var opener: String?
    /// The folder of daily notes (`journal: Daily`), relative to the vault: see `DailyNote`.
    package var journal: String?
    /// `git: commit`: every write is committed (see `Vault.commitChanges(command:)`).
    package var gitCommit = false
    /// Problems in the file; a bad value is reported and its default used.
    package var diagnostics: [Diagnostic] = []

    package init() {}

    package var logSettings: PersonDocument.LogSettings { .init(types: types, heading: heading) }

    /// Reads the config file's bytes (the same YAML subset as front matter).
    package init(bytes: [UInt8], path: String) {
        let text = TextBuffer(bytes)
        let pairs: [YAMLSpannedPair]
        (pairs, diagnostics) = YAMLBlockParser.mapping(in: text, lines: 0..<text.lineCount, path: path)
        func warn(_ pair: YAMLSpannedPair, _ message: String) {
            diagnostics.append(Diagnostic(path: path, line: pair.lineIndex + 1, severity: .error, message: message))
        }
        for pair in pairs {
            switch pair.key {
            case "types":
                let list = pair.value.strings.map { $0.lowercased() }
                if list.isEmpty || list.contains(where: { $0.isEmpty || $0.contains(":") || $0.contains(" ") }) {
                    warn(pair, "types must be a list of words, e.g. [call, message, email, visit, note]")
                } else {
                    types = list
                }
            case "heading":
                if let text = pair.value.string, !text.isEmpty { heading = text } else { warn(pair, "heading must be text") }
            case "every":
                if let cadence = pair.value.string.flatMap(Cadence.init) { every = cadence }
                else { warn(pair, FieldSchema.every.problem(with: pair.value.string)!) }
            case "tag_every":
                guard case .mapping(let tags) = pair.value else { warn(pair, "tag_every must map tags to cadences"); continue }
                for tag in tags {
                    if let cadence = tag.value.string.flatMap(Cadence.init) { tagEvery[tag.key] = cadence }
                    else { warn(pair, FieldSchema.every.problem(with: tag.value.string, label: "tag_every: \(tag.key)")!) }
                }
            case "calendar": calendar = pair.value.string
            case "calendar_duration":
                if let minutes = pair.value.string.flatMap({ Int($0) }), (0...1440).contains(minutes) { calendarDuration = minutes }
                else { warn(pair, "calendar_duration must be a number of minutes from 0 to 1440, e.g. 60") }
            case "calendar_alarm":
                if let setting = pair.value.string.flatMap(CalendarAlarm.setting) { calendarAlarm = setting }
                else { warn(pair, "calendar_alarm must be \(CalendarAlarm.form)") }
            case "contacts": contacts = pair.value.string
            case "opener":
                if let command = pair.value.string, !command.trimmingSpaces.isEmpty { opener = command }
                else { warn(pair, "opener must be a command, e.g. xdg-open") }
            case "journal":
                if let folder = pair.value.string, !folder.hasPrefix("/"), !folder.hasPrefix("~"),
                   !folder.split(separator: "/").contains("..") { journal = folder }
                else { warn(pair, "journal must be a folder inside the vault, relative to it (journal: Daily)") }
            case "git":
                switch pair.value.string {
                case "commit": gitCommit = true
                case "off", nil: gitCommit = false
                case let other?: warn(pair, "git must be 'commit' (commit every write) or 'off', not '\(other)'")
                }
            default: break
            }
        }
    }
}
