import CRMFormat

/// Settings from `.crm/config.yaml`; every key is optional.
public struct VaultConfig: Sendable {
    /// Interaction types in lower case; the first is `crm log`'s default.
    public var types: [String] = PersonDocument.LogSettings.standard.types
    /// The heading of the log section.
    package var heading = "Interactions"
    /// The cadence of people who set none and have no tag cadence.
    package var every: Cadence?
    /// Cadence by tag, keyed by `Tag.key`: see `tagCadence(_:)`.
    package var tagEvery: [String: Cadence] = [:]
    /// Where `crm log --calendar` adds events: a place inside the vault, relative to it (one
    /// outside is ignored with a warning; it belongs in the person's own settings).
    package var calendar: String?
    /// How many minutes the event of a timed `crm log --calendar` entry lasts
    /// (`calendar_duration`, 0 to 1440; 0 writes no end, an event that ends when it starts).
    package var calendarDuration = 60
    /// The alarm of every calendar event the tool writes (`calendar_alarm`: `15m`, `1h`, `2d`…;
    /// `none` for no alarms); 15 minutes before a timed event when not set. See `CalendarAlarm`.
    package var calendarAlarm: CalendarAlarm? = .standard
    /// The default contacts source: a place inside the vault, relative to it, as `calendar`.
    package var contacts: String?
    /// The folders of daily notes (`journal: Daily`, or a list: `journal: [Daily, journals]`),
    /// relative to the vault, without `./` or a trailing `/` (`.` is the vault): see `DailyNote`.
    package var journals: [String] = []
    /// Where each folder of `journals` is written, for `checkJournalFolders(_:)`.
    package var journalPlaces: [String: Place] = [:]
    /// `default_region: GB`: the country (ISO 3166 code, in `CallingCodes`) of phone numbers
    /// written without a calling code, for matching them in history files; nil when not set.
    package var defaultRegion: String?
    /// `git: commit`: every write is committed (see `Vault.commitChanges(command:)`).
    package var gitCommit = false
    /// `check:`: the rules of `crm check` turned off or given another severity.
    package var check = CheckSettings()
    /// Problems in the file; a bad value is reported and its default used.
    package var diagnostics: [Diagnostic] = []

    package init() {}

    package var logSettings: PersonDocument.LogSettings { .init(types: types, heading: heading) }

    /// The keys the file may hold; any other is reported, as a misspelt key would do nothing.
    package static let keys = ["types", "heading", "every", "tag_every", "calendar", "calendar_duration", "calendar_alarm",
                               "contacts", "journal", "git", "check", "default_region"]

    /// Keys that would name a program to run, which a vault's config never does: whoever can
    /// write the vault (a sync peer) would choose what runs on this machine. Each is ignored
    /// with a warning saying where it belongs (`UserConfig`).
    package static let programKeys = ["opener", "editor", "pager"]

    /// What is said of a key of `programKeys` in a vault's config.
    package static func programKeyIgnored(_ key: String) -> String {
        "\(key) names a program, and a vault's files never do (anyone who syncs the vault could change it); "
            + "ignored: move it to your own ~/.config/crm/config.yaml (or $XDG_CONFIG_HOME/crm/config.yaml)"
    }

    /// The cadence of a person with `tags` from `tag_every:` (tags compared by `Tag.key`): the
    /// shortest of their tags' cadences; nil when none of them has one.
    package func tagCadence(_ tags: [String]) -> Cadence? {
        guard !tagEvery.isEmpty else { return nil }
        return tags.compactMap { tagEvery[Tag.key($0)] }.min { $0.approximateDays < $1.approximateDays }
    }

    /// Reads the config file's bytes (the same YAML subset as front matter). Each problem is an
    /// error at the value's line and column whose message ends with what is used instead.
    package init(bytes: [UInt8], path: String) {
        let text = TextBuffer(bytes)
        let pairs: [YAMLSpannedPair]
        (pairs, diagnostics) = YAMLBlockParser.mapping(in: text, lines: 0..<text.lineCount, path: path)
        func warn(_ pair: YAMLSpannedPair, _ message: String, _ instead: String, rule: CheckRule = .configValue) {
            diagnostics.append(Diagnostic(path: path, line: pair.lineIndex + 1, column: pair.valueColumn(in: text),
                                          rule: rule, message: message + "; " + instead))
        }
        // With a key given twice, the last one is read (as in person files): each starts from the default.
        let standard = VaultConfig()
        for pair in pairs {
            if Self.programKeys.contains(pair.key) {
                diagnostics.append(Diagnostic(path: path, line: pair.lineIndex + 1, rule: .configProgram, message: Self.programKeyIgnored(pair.key)))
                continue
            }
            switch pair.key {
            case "types":
                types = standard.types
                let list = pair.value.strings.map { $0.lowercased() }
                if list.isEmpty || list.contains(where: { $0.isEmpty || $0.contains(":") || $0.contains(" ") }) {
                    warn(pair, "types must be a list of words, e.g. [call, message, email, visit, note]",
                         "using " + standard.types.joined(separator: ", "))
                } else {
                    types = list
                }
            case "heading":
                heading = standard.heading
                if let text = pair.value.string, !text.isEmpty { heading = text }
                else { warn(pair, "heading must be text", "using '\(standard.heading)'") }
            case "every":
                every = pair.value.string.flatMap(Cadence.init)
                if every == nil { warn(pair, FieldSchema.every.problem(with: pair.value.string)!, "people without a cadence of their own or from a tag are never due") }
            case "tag_every":
                tagEvery = [:]
                let tags = YAMLBlockParser.nestedPairs(of: pair, in: text)
                guard !tags.isEmpty else {
                    warn(pair, "tag_every must map tags to cadences, one a line below it ('  family: 14d')", "no tag has a cadence")
                    continue
                }
                var seen: [String: YAMLSpannedPair] = [:]
                for tag in tags {
                    let key = Tag.key(tag.key)
                    // The same key twice is YAML's duplicate, reported as such; two spellings of one tag are ours to say.
                    if let earlier = seen[key], earlier.key != tag.key {
                        warn(tag, "tag_every: '\(tag.key)' is the tag '\(earlier.key)' of line \(earlier.lineIndex + 1) "
                             + "(tags compare ignoring case and accents)", "only the last one is read")
                    }
                    seen[key] = tag
                    tagEvery[key] = tag.value.string.flatMap(Cadence.init)
                    if tagEvery[key] == nil {
                        warn(tag, FieldSchema.every.problem(with: tag.value.string, label: "tag_every: \(tag.key)")!,
                             "people tagged \(tag.key) get no cadence from it")
                    }
                }
            case "calendar", "contacts":
                // Read with the last one winning, as every key: each starts from nothing.
                if pair.key == "calendar" { calendar = nil } else { contacts = nil }
                guard let written = pair.value.string, !written.isEmpty else { continue }
                guard let inside = Self.placeInside(written) else {
                    // Whoever can write the vault would choose where on this machine `crm` writes events or reads contacts.
                    let what = pair.key == "calendar" ? "where crm writes events" : "which address book crm reads into the vault"
                    warn(pair, "\(pair.key): '\(written)' is outside the vault, and a vault's files never choose \(what) outside it "
                         + "(anyone who syncs the vault could change it)",
                         "ignored: set \(pair.key): in your own ~/.config/crm/config.yaml (or $XDG_CONFIG_HOME/crm/config.yaml), "
                         + "or CRM_\(pair.key.uppercased())", rule: .configOutside)
                    continue
                }
                if pair.key == "calendar" { calendar = inside } else { contacts = inside }
            case "calendar_duration":
                calendarDuration = standard.calendarDuration
                if let minutes = pair.value.string.flatMap({ Int($0) }), (0...1440).contains(minutes) { calendarDuration = minutes }
                else { warn(pair, "calendar_duration must be a number of minutes from 0 to 1440, e.g. 60", "using \(standard.calendarDuration)") }
            case "calendar_alarm":
                calendarAlarm = standard.calendarAlarm
                if let setting = pair.value.string.flatMap(CalendarAlarm.setting) { calendarAlarm = setting }
                else { warn(pair, "calendar_alarm must be \(CalendarAlarm.form)", "using \(CalendarAlarm.standard)") }
            case "journal":
                journals = []
                let folders = pair.value.strings
                guard !folders.isEmpty, folders.count == Self.count(pair.value) else {
                    warn(pair, "journal must be a folder inside the vault, or a list of them (journal: Daily, journal: [Daily, journals])",
                         "no daily notes are read")
                    continue
                }
                journalPlaces = [:]
                let positions = pair.itemPositions(in: text)
                for (index, folder) in folders.enumerated() {
                    let (line, column) = index < positions.count ? positions[index] : (pair.lineIndex + 1, pair.valueColumn(in: text))
                    if let normalized = Self.placeInside(folder) {
                        if !journals.contains(normalized) { journals.append(normalized) }
                        if journalPlaces[normalized] == nil { journalPlaces[normalized] = Place(path: path, written: folder, line: line, column: column) }
                    } else {
                        diagnostics.append(Diagnostic(path: path, line: line, column: column, rule: .configValue,
                                                      message: "journal: '\(folder)' is not a folder inside the vault, relative to it (journal: Daily); "
                                                          + "no daily notes are read from it"))
                    }
                }
            case "default_region":
                defaultRegion = nil
                if let region = pair.value.string?.trimmingSpaces, CallingCodes.code(of: region) != nil { defaultRegion = region.uppercased() }
                else {
                    warn(pair, "default_region must be a country's two-letter code (ISO 3166), e.g. GB, US, DE, not '\(pair.value.string ?? "")'",
                         "numbers without a calling code are matched only as written")
                }
            case "git":
                switch pair.value.string {
                case "commit": gitCommit = true
                case "off", nil: gitCommit = false
                case let other?:
                    gitCommit = false
                    warn(pair, "git must be 'commit' (commit every write) or 'off', not '\(other)'", "not committing")
                }
            case "check":
                let problems: [Diagnostic]
                (check, problems) = Self.checkSettings(pair, in: text, path: path)
                diagnostics += problems
            default:
                warn(pair, "unknown key '\(pair.key)' (the keys are \(Self.keys.joined(separator: ", ")))", "ignored", rule: .configUnknownKey)
            }
        }
        // In file order; the sort is stable, so problems at one place keep the order they were found in.
        diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// `check:`: each rule id below it mapped to off, warning or error. An id that is no rule
    /// (said at the id) or another value (said at the value) is a problem and changes nothing.
    private static func checkSettings(_ pair: YAMLSpannedPair, in text: TextBuffer, path: String) -> (CheckSettings, [Diagnostic]) {
        var settings = CheckSettings(), problems: [Diagnostic] = []
        let levels = "off, warning or error"
        func problem(_ pair: YAMLSpannedPair, atKey: Bool = false, _ message: String) {
            let column = atKey ? text.content(pair.lineIndex).prefix { $0 == 0x20 }.count + 1 : pair.valueColumn(in: text)
            problems.append(Diagnostic(path: path, line: pair.lineIndex + 1, column: column, rule: .configValue, message: message))
        }
        let items = YAMLBlockParser.nestedPairs(of: pair, in: text)
        if items.isEmpty {
            problem(pair, "check must map rule ids to \(levels), one a line below it ('  dead-link: off'); every rule keeps its severity")
        }
        for item in items {
            guard let rule = CheckRule(rawValue: item.key) else {
                problem(item, atKey: true, "check: '\(item.key)' is not a rule of crm check ('crm check --rules' lists them); ignored")
                continue
            }
            guard let level = item.value.string.flatMap(CheckSettings.Level.init(rawValue:)) else {
                problem(item, "check: \(rule.id) must be \(levels), not '\(item.value.string ?? "")'; it stays \(rule.severity.rawValue)")
                continue
            }
            settings.levels[rule] = level
        }
        return (settings, problems)
    }

    /// A value as written in the file, and its 1-based line and column.
    package struct Place: Sendable, Equatable {
        package var path: String
        package var written: String
        package var line: Int
        package var column: Int
    }

    /// Adds a problem for each folder `journal:` names that `isFolder` says is not one (a
    /// misspelt folder would leave every daily note unread without a word), at the folder's
    /// place in the file. Not set, `journal:` names no folder, and nothing is missing.
    package mutating func checkJournalFolders(_ isFolder: (String) -> Bool) {
        let missing = journals.filter { $0 != "." && !isFolder($0) }.compactMap { journalPlaces[$0] }
        guard !missing.isEmpty else { return }
        diagnostics += missing.map {
            Diagnostic(path: $0.path, line: $0.line, column: $0.column, rule: .configValue,
                       message: "journal: '\($0.written)' is not a folder of the vault; no daily notes are read from it")
        }
        diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// How many values `node` holds: the items of a list, one for anything else that is not empty.
    private static func count(_ node: YAMLNode) -> Int {
        switch node {
        case .sequence(let items): items.count
        case .empty: 0
        default: 1
        }
    }

    /// A place a vault's config names (a journal folder, a calendar, an address book) as
    /// written, relative to the vault, without `./` or a trailing `/` (`.` is the vault itself);
    /// nil for one outside the vault (`/…`, `~…`, a `..` part) or empty. Symbolic links are
    /// looked at where the place is used (`FileSystem.pathInside`).
    package static func placeInside(_ written: String) -> String? {
        var folder = written.trimmingSpaces
        guard !folder.isEmpty, !folder.hasPrefix("/"), !folder.hasPrefix("~"), !folder.split(separator: "/").contains("..") else { return nil }
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "." : folder
    }
}
