import CRMFormat

/// The person's own settings, in `$XDG_CONFIG_HOME/crm/config.yaml` (else
/// `~/.config/crm/config.yaml`): the programs `crm` starts for them and defaults for the contacts
/// source and the calendar. It lives outside every vault and is never synced with one, so it is
/// the one file besides the environment that may name a program (see `ExternalProgram`): a
/// vault's files are other people's input (sync peers, imports) and never do.
///
/// ```yaml
/// editor: code --wait     # before $VISUAL and $EDITOR
/// pager: less -S          # after $CRM_PAGER, before $PAGER
/// opener: xdg-open        # after $CRM_OPENER
/// contacts: ~/contacts    # when neither --contacts, $CRM_CONTACTS nor the vault names one
/// calendar: ~/calendars/personal
/// ```
///
/// The same YAML subset as the vault's config; every key is optional. Problems are collected
/// in `diagnostics`, the rest of the file still read.
package struct UserConfig: Sendable {
    /// Where the file is (or would be); nil when neither `XDG_CONFIG_HOME` nor `HOME` says.
    package var path: String?
    /// The editor: `editor:` comes before `$VISUAL` and `$EDITOR`, as git's `core.editor` does.
    package var editor: String?
    /// The pager of long output: after `$CRM_PAGER`, before `$PAGER`.
    package var pager: String?
    /// What `crm browse` hands `tel:`, `sms:` and `mailto:` links to: after `$CRM_OPENER`.
    package var opener: String?
    /// The contacts source when no option, `$CRM_CONTACTS` or vault config names one.
    package var contacts: String?
    /// The calendar when no option, `$CRM_CALENDAR` or vault config names one.
    package var calendar: String?
    /// Problems in the file: each key with one is left out.
    package var diagnostics: [Diagnostic] = []

    /// The keys this file reads.
    package static let keys = ["editor", "pager", "opener", "contacts", "calendar"]

    /// No file: no settings.
    package init() {}

    /// The path of the file for `environment`: `$XDG_CONFIG_HOME/crm/config.yaml` when that is an
    /// absolute path (the XDG Base Directory rule: a relative one is ignored), else
    /// `$HOME/.config/crm/config.yaml`; nil when neither is set.
    package static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/crm/config.yaml" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/crm/config.yaml"
    }

    /// The file for `environment`, read; no file is no settings, and a file that cannot be read
    /// is a diagnostic.
    package static func load(environment: [String: String]) -> UserConfig {
        guard let path = path(environment: environment) else { return UserConfig() }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path).bytes
        } catch where error.isMissing {
            var config = UserConfig()
            config.path = path
            return config
        } catch {
            var config = UserConfig()
            config.path = path
            config.diagnostics = [Diagnostic(path: path, line: 1, severity: .warning, message: "cannot read your crm settings: \(error.reason)")]
            return config
        }
        return UserConfig(bytes: bytes, path: path)
    }

    /// Reads the file's bytes; `path` names it in diagnostics.
    package init(bytes: [UInt8], path: String) {
        self.path = path
        if let problem = TextProblem(bytes) {
            diagnostics = [Diagnostic(path: path, line: problem.line, severity: .warning, message: "cannot read your crm settings: \(problem.reason)")]
            return
        }
        let text = TextBuffer(bytes)
        let pairs: [YAMLSpannedPair]
        (pairs, diagnostics) = YAMLBlockParser.mapping(in: text, lines: 0..<text.lineCount, path: path)
        /// A problem with a value is said at the value, one with a key at the key.
        func warn(_ pair: YAMLSpannedPair, _ message: String, atKey: Bool = false) {
            diagnostics.append(Diagnostic(path: path, line: pair.lineIndex + 1, column: atKey ? 1 : pair.valueColumn(in: text),
                                          severity: .warning, message: message))
        }
        for pair in pairs {
            switch pair.key {
            case "editor", "pager", "opener":
                guard let command = pair.value.string, !command.trimmingSpaces.isEmpty else {
                    warn(pair, "\(pair.key) must be a program, with its arguments if any (\(pair.key): \(Self.example(pair.key)))")
                    continue
                }
                switch pair.key {
                case "editor": editor = command
                case "pager": pager = command
                default: opener = command
                }
            case "contacts", "calendar":
                guard let location = pair.value.string, location.hasPrefix("/") || location == "~" || location.hasPrefix("~/") else {
                    warn(pair, "\(pair.key) must be an absolute path or start with ~/ (\(pair.key): ~/\(pair.key))")
                    continue
                }
                if pair.key == "contacts" { contacts = location } else { calendar = location }
            default:
                warn(pair, "'\(pair.key)' is not a setting of this file (it holds \(Self.keys.joined(separator: ", "))); "
                     + "a vault's settings go in its .crm/config.yaml", atKey: true)
            }
        }
    }

    private static func example(_ key: String) -> String {
        switch key {
        case "editor": "code --wait"
        case "pager": "less -S"
        default: "xdg-open"
        }
    }
}
