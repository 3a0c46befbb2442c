/// The `crm(1)` manual page, written in roff (man(7) macros) from the same command table that
/// prints `--help`, so a command added to the table appears in the manual without another edit.
/// `crm help --man` prints it; `make install` installs it.
enum ManualPage {
    /// The date the manual's fixed text last changed (its `.TH` line; man shows it in the footer).
    static let date = "2026-11-30"

    /// Environment variables `crm` reads, for the overview and the manual.
    static let environment: [(String, String)] = [
        ("CRM_VAULT", "the vault when --vault is not given"),
        ("CRM_TODAY", "YYYY-MM-DD: today's date for every command (scripts, tests)"),
        ("CRM_CONTACTS", "the default contacts source (a .vcf file or a vdir folder)"),
        ("CRM_CALENDAR", "the calendar 'crm log --calendar' adds events to (a vdir folder or an .ics file)"),
        ("VISUAL, EDITOR", "the editor 'crm edit' and 'crm browse' open, after editor: in ~/.config/crm/config.yaml (default vi)"),
        ("CRM_OPENER", "what 'crm browse' hands tel:, sms: and mailto: links to (set but empty: none; default: opener: in ~/.config/crm/config.yaml, else xdg-open or open)"),
        ("NO_COLOR", "set (to anything) to print without colour; output to a pipe has none anyway"),
        ("CRM_PAGER, PAGER", "the pager of show, list, search, agenda and help on a terminal: $CRM_PAGER, else pager: in ~/.config/crm/config.yaml, else $PAGER (default less -FRX; empty or cat: none)"),
        ("XDG_CONFIG_HOME", "where your own settings are: $XDG_CONFIG_HOME/crm/config.yaml (default ~/.config/crm/config.yaml)"),
        ("LESS", "set to FRX for the pager when not set, as git does"),
        ("LC_ALL, LC_CTYPE, LANG", "the first one set: a UTF-8 locale lets 'crm summary' draw bars with block characters"),
    ]

    static func render() -> String {
        var out = Roff()
        out.line(".TH CRM 1 \(date) \"crm \(CLI.version)\" \"User Commands\"")
        out.section("NAME")
        out.line("crm \\- a private, plain-text personal CRM")

        out.section("SYNOPSIS")
        out.line("\\fBcrm\\fR \\fICOMMAND\\fR [\\fIARGUMENTS\\fR] [\\fB\\-\\-vault\\fR \\fIDIR\\fR] [\\fB\\-\\-json\\fR]")
        out.macro("br")
        out.line("\\fBcrm\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR")
        out.macro("br")
        out.line("\\fBcrm \\-\\-version\\fR")

        out.section("DESCRIPTION")
        out.prose("""
        A vault is a folder with one Markdown file per person under people/: YAML front matter \
        (name, contact_id, phone, email, birthday, tags, every, …), free-form notes, and a dated \
        interaction log under an Interactions heading. crm adds people, logs interactions, tells \
        who is due for contact and keeps the folder consistent when it is synced with git or \
        syncthing. It never uses the network; every write changes only the lines it must and is atomic.
        """)
        out.paragraph("""
        A PERSON argument matches, in order: an id (the file's path under people/ without .md), a \
        name (ignoring case and accents), an alias, an email, a contact_id, or a unique part of a \
        name or id. Dates are YYYY-MM-DD, today, yesterday, or -3d, -2w, -1m; cadences 10d, 2w, 3m, 1y.
        """)

        out.section("COMMANDS")
        for command in Commands.all { out.command(command) }

        out.section("GLOBAL OPTIONS")
        for (tag, plain) in Command.globalOptions.map(Roff.optionItem) { out.item(tag, plain) }

        out.section("ENVIRONMENT")
        for (name, meaning) in environment { out.item(name.split(separator: ",").map { "\\fB\($0.trimmingSpaces)\\fR" }.joined(separator: ", "), meaning) }

        out.paragraph("""
        Programs are started from an argument vector, never a shell: a setting such as \
        EDITOR="code --wait" is split into words as a shell splits it (quotes and backslashes \
        work), nothing expanded; a setting that needs a shell ($VAR, a pipe, ;) is refused, naming it.
        """)

        out.section("EXIT STATUS")
        out.item("0", "success")
        out.item("1", "failure: not found, ambiguous, invalid data, 'crm check' found errors, a merge left conflicts")
        out.item("2", "usage error: an unknown command or option, a missing or malformed argument")
        out.paragraph("Errors go to standard error as 'crm: error: …', naming the file, line and column where there is one.")

        out.section("FILES")
        out.item("\\fIpeople/\\fR", "one Markdown file per person (subfolders allowed)")
        out.item("\\fI.crm/config.yaml\\fR", "vault settings: types, heading, every, tag_every, calendar, calendar_duration, calendar_alarm, contacts, journal, git; never a program to run (the vault is synced)")
        out.item("\\fI~/.config/crm/config.yaml\\fR", "your own settings, never synced: the programs crm starts (editor, pager, opener) and defaults for contacts and calendar")
        out.item("\\fI.crm/\\fR", "everything else under it is machine-local (cache, lock, trash), not synced, safe to delete")
        out.item("\\fIINDEX.md\\fR", "written by 'crm index'")
        out.item("\\fI.gitattributes\\fR, \\fI.gitignore\\fR, \\fI.stignore\\fR", "written by 'crm init' for git and syncthing")

        out.section("EXAMPLES")
        out.line("Start a vault, add a person, log a call, see who is due:")
        out.example([
            "crm init ~/people && cd ~/people",
            "crm add \"Ada Lovelace\" --email ada@example.org --tag friends --every 30d",
            "crm log ada \"Talked about the punched cards.\"",
            "crm due",
            "crm show ada --json",
            "crm import ~/contacts.vcf --tag imported",
        ])

        out.section("SEE ALSO")
        out.line("\\fBgit\\fR(1), \\fBkhal\\fR(1), \\fBkhard\\fR(1), \\fBsyncthing\\fR(1), \\fBvdirsyncer\\fR(1)")
        out.paragraph("The docs/ folder of the source distribution describes the file format, every command, contacts, calendars, sync and safety in full.")
        return out.text
    }
}

/// roff text built line by line, with text escaped so that no input can start a request.
private struct Roff {
    var text = ""

    mutating func macro(_ name: String, _ arguments: String...) {
        text += "." + name + arguments.map { " \"\(Roff.escape($0).replacing("\"", with: "\\(dq"))\"" }.joined() + "\n"
    }

    /// A line of roff already escaped.
    mutating func line(_ roff: String) { text += roff + "\n" }

    mutating func section(_ title: String) { macro("SH", title) }

    /// Plain text in fill mode; blank lines start new paragraphs; Markdown's code marks
    /// (`` `crm fmt` ``, over several words too) set their text in bold.
    mutating func prose(_ plain: String) {
        var first = true
        for paragraph in plain.split(separator: "\n\n", omittingEmptySubsequences: false) {
            if !first { macro("PP") }
            first = false
            var bold = false
            filled(paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { word in
                var roff = ""
                for piece in word.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
                    if piece.offset > 0 {
                        bold.toggle()
                        roff += bold ? "\\fB" : "\\fR"
                    }
                    roff += Roff.escape(piece.element)
                }
                return roff
            })
            if bold { text += "\\fR\n" }   // a mark never closed ends with its paragraph
        }
    }

    /// Words (roff) in fill mode, on lines of at most 80 bytes as mandoc's style check asks.
    mutating func filled(_ words: [String]) {
        var line = ""
        func flush() {
            guard !line.isEmpty else { return }
            text += (line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" : "") + line + "\n"
            line = ""
        }
        for word in words {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 78 { flush() }
            line += (line.isEmpty ? "" : " ") + word
        }
        flush()
    }

    mutating func paragraph(_ plain: String) {
        macro("PP")
        prose(plain)
    }

    /// A tagged paragraph: the tag (roff) on its own line, the text indented below it.
    mutating func item(_ tagRoff: String, _ plain: String) {
        text += ".TP\n" + tagRoff + "\n"
        prose(plain)
    }

    /// An option as an item: its tag (`-x, --name VALUE`, roff) and its help.
    static func optionItem(_ option: OptionSpec) -> (tag: String, plain: String) {
        var tag = option.short.map { "\\fB\\-\(Roff.escape(String($0)))\\fR, " } ?? ""
        tag += "\\fB" + Roff.escape(option.name) + "\\fR"
        if let value = option.value { tag += " \\fI" + Roff.escape(value) + "\\fR" }
        return (tag, option.help)
    }

    mutating func example(_ lines: [String]) {
        text += ".nf\n.RS 4\n"
        for line in lines { text += Roff.escapeLine(line) + "\n" }
        text += ".RE\n.fi\n"
    }

    mutating func command(_ command: Command) {
        macro("SS", command.name)
        for usage in command.usage {
            filled(["\\fBcrm\\fR"] + usage.split(separator: " ").map(Roff.escape))
            macro("br")
        }
        macro("PP")
        prose(command.summary)
        if let discussion = command.discussion { paragraph(discussion) }
        let lists = [("Arguments:", command.arguments.map { (tag: "\\fI" + Roff.escape($0.name) + "\\fR", plain: $0.help) }),
                     ("Options:", command.options.map(Roff.optionItem))]
        for (title, items) in lists where !items.isEmpty {
            macro("PP")
            line(title)
            macro("RS", "4")
            for (tag, plain) in items { item(tag, plain) }
            macro("RE")
        }
        macro("PP")
        line("Examples:")
        example(command.examples)
    }

    /// Escapes text for roff: backslashes, hyphens (so options print as typed), and every
    /// non-ASCII character as `\[uXXXX]`, which groff and mandoc both read.
    static func escape(_ plain: some StringProtocol) -> String {
        var out = ""
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// Escapes one line of text; a line starting with `.` or `'` would be a request, so it gets `\&`.
    static func escapeLine(_ plain: some StringProtocol) -> String {
        let escaped = escape(plain)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
