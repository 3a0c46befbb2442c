import Foundation
import Testing

/// One way to the terminal (issue #30, finding 2): every command, over a vault whose files,
/// file names, daily notes, settings and imported address books hold escape sequences, C1
/// controls, DEL, lone carriage returns and bidirectional overrides, prints none of them raw on
/// standard output or standard error, with or without `--json`.
@Suite struct TerminalOutputTests {
    /// The attack strings: OSC 52 (writes the clipboard), OSC 0 (the window title), CSI (clears the
    /// screen), the C1 CSI U+009B, DEL, BEL, a lone CR and the right-to-left override.
    static let osc52 = "\u{1B}]52;c;aGk=\u{07}"
    static let title = "\u{1B}]0;owned\u{07}"
    static let clear = "\u{1B}[2J\u{1B}[31m"
    static let c1 = "\u{9B}2J"
    static let mixed = "a\u{7F}b\u{07}c\rd\u{202E}e\u{2066}f"

    /// `text` as a YAML double-quoted scalar's inside: every control and non-ASCII as `\uXXXX`.
    static func yaml(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 || $0.value >= 0x7F ? String(format: "\\u%04X", $0.value) : $0 == "\"" ? "\\\"" : String($0) }.joined()
    }

    /// A vault with the attack strings in names, aliases, tags, fields, notes, log notes, an open
    /// item, a file name, a daily note and `.crm/config.yaml`, and a vCard and a Google CSV beside it.
    static func seededVault() throws -> TemporaryVault {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.write(".crm/config.yaml", """
            types: [call, message, "vi\(yaml(title))sit"]
            every: 90d
            journal: Daily
            "k\(yaml(osc52))": 1

            """)
        try vault.write("people/eve.md", """
            ---
            name: "Eve \(yaml(osc52))\(yaml(c1))\(yaml(mixed))"
            aliases: ["Evie \(yaml(title))"]
            tags: ["t\(yaml(clear))", "x\(yaml(mixed))"]
            phone: "+44 20 7946 0018\(yaml(c1))"
            email: "eve@example.org\(yaml(clear))"
            birthday: 1990-12-01
            every: 7d
            company: "Acme\(yaml(osc52))"
            ---

            Notes \(osc52) and \(c1) and \(mixed) and \(clear).

            ## Interactions

            - [ ] 2026-12-01 call: plan \(title) \(c1)
            - 2026-11-20 call: said \(osc52) \(mixed)
              more \(clear) \(c1)
            - 2026-11-10 vi\(title)sit: a visit

            """)
        try vault.write("people/mal\(title)lory.md", "---\nname: Mallory\nbirthday: \"19\(yaml(clear))\"\n---\n\nSee [[eve]] \(osc52)\n")
        try vault.write("Daily/2026-11-28.md", "# Saturday\n\n- 10:00 call: [[eve]] about \(osc52) and \(c1) \(mixed)\n- [ ] ask [[eve]] \(clear)\n")
        try vault.write("contacts.vcf", """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Vic \(osc52)\(c1) Tor\r
            N:Tor;Vic \(title);;;\r
            NICKNAME:V\(mixed)\r
            TEL:+44 20 7946 0019\(c1)\r
            EMAIL:vic@example.org\(clear)\r
            NOTE:note \(osc52) \(mixed)\r
            END:VCARD\r

            """)
        try vault.write("google.csv", """
            First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value
            Cas\(osc52),,Row\(c1),,,,,,N\(mixed),,Org\(clear),,,1990-01-02,"note \(title)
            line",,* myContacts,* Work,cas@example.com,Mobile,+1 202 555 0143\(c1),,

            """)
        return vault
    }

    /// The commands, as `crm --help` lists them: a command added later is run too.
    static func commands() throws -> [String] {
        let help = try CRM.run(["--help"]).stdout
        let table = help.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
        return table.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    }

    /// What every command is run with, besides itself alone, with `--json`, with `--help` and with
    /// the hostile person (`eve`, with and without `--json`).
    static func argumentLists(_ command: String, vault: TemporaryVault) -> [[String]] {
        let vcf = vault.path + "/contacts.vcf", csv = vault.path + "/google.csv"
        switch command {
        case "add": return [["add", "Zed \(osc52)"], ["add", "Zed", "--tag", "t\(clear)"], ["add", "--from", "Vic", "--contacts", vcf]]
        case "import": return [["import", vcf], ["import", csv], ["import", csv, "--json"], ["import", vcf, "--dry-run"]]
        case "show": return [["show", "mal"], ["show", "mal", "--json"], ["show", "Evie"], ["show", "nobody\(osc52)"]]
        case "log": return [["log", "eve", "hello \(osc52)"], ["log", "mal", "hi", "--type", "vi\(title)sit"]]
        case "plan": return [["plan", "eve", "lunch \(c1)"]]
        case "done": return [["done", "eve", "1"], ["done", "eve", "plan"]]
        case "unlog": return [["unlog", "eve", "2"], ["unlog", "eve", "1"]]
        case "set": return [["set", "eve", "phone=123"], ["set", "eve", "name=\(osc52)"], ["set", "eve", "birthday=\(clear)"]]
        case "unset": return [["unset", "eve", "phone"]]
        case "edit": return [["edit", "eve"], ["edit", "mal"]]
        case "rename": return [["rename", "eve", "Eve Two"], ["rename", "mal", "M\(title)"]]
        case "rm": return [["rm", "mal"], ["restore"], ["restore", "--json"], ["restore", "mal"]]
        case "restore": return [["unlog", "eve", "2"], ["restore"], ["restore", "--json"]]
        case "relate": return [["relate", "eve", "friend", "mal"], ["relate", "eve", "x\(osc52)", "mal"], ["show", "mal"]]
        case "unrelate": return [["relate", "eve", "friend", "mal"], ["unrelate", "eve", "mal"]]
        case "snooze": return [["snooze", "eve", "+1w"], ["snooze", "eve", "\(clear)"]]
        case "search": return [["search", "52"], ["search", "52", "--json"], ["search", "owned"], ["search", "\(c1)"]]
        case "list": return [["list", "--tag", "t\(clear)"], ["list", "--all"]]
        case "index": return [["index", "--check"], ["index", "-o", "-"]]
        case "check": return [["check", "--warnings"]]
        case "fmt": return [["fmt", "--check"], ["fmt", "--diff"], ["fmt"]]
        case "refresh": return [["refresh", "--contacts", vcf], ["refresh", "--contacts", csv, "--json"]]
        case "calendar": return [["calendar", "--plans"], ["calendar", "--plans", "--json"]]
        case "export": return [["export", "--format", "vcard"], ["export", "--format", "csv"], ["export", "--format", "json"]]
        case "completions": return [["completions", "bash"], ["completions", "zsh"], ["completions", "fish"]]
        case "merge-driver":
            return [["merge-driver", vault.path + "/people/eve.md", vault.path + "/people/eve.md", vault.path + "/people/mal\(title)lory.md"]]
        default: return []
        }
    }

    /// The characters of `bytes` that act on a terminal: C0 controls but line feed and tab (and CR
    /// before LF where `lineEnds`), DEL, C1 controls, the bidirectional overrides and isolates.
    static func rawControls(in bytes: String, lineEnds: Bool) -> [String] {
        var found: [String] = []
        let scalars = Array(bytes.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A, 0x09: continue
            case 0x0D where lineEnds && i + 1 < scalars.count && scalars[i + 1] == "\n": continue
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                found.append(String(format: "U+%04X", scalar.value))
            default: continue
            }
        }
        return found
    }

    /// A problem is one line, `path:line:col: severity: message`, whatever the file's name and
    /// the value it quotes hold: a line break in either made a second line that read as another
    /// problem.
    @Test func everyProblemIsOneLine() throws {
        let vault = try TemporaryVault()
        try vault.write("people/two\nlines.md", "---\nname: Two\nbirthday: \"1990\\npeople/x.md:1:1: error: forged\"\n---\n")
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout + check.stderr == "people/two\\nlines.md:3:11: error: birthday: '1990\\npeople/x.md:1:1: error: forged' is not a date (YYYY-MM-DD, or --MM-DD without the year) [invalid-value]\n", "\(check)")
    }

    @Test func noCommandPrintsAControlCharacterFromTheVaultRaw() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 34 && commands.contains("list") && commands.contains("completions"))
        var runs = 0
        var shown = ""
        for command in commands {
            let vault = try Self.seededVault()
            let lists = [[command], [command, "--json"], [command, "--help"], [command, "eve"], [command, "eve", "--json"]]
                + Self.argumentLists(command, vault: vault)
            for arguments in lists {
                let result = try CRM.run(["--vault", vault.path] + arguments, in: vault.url,
                                         environment: ["VISUAL": "true", "EDITOR": "true"])
                runs += 1
                // CSV, vCard and iCalendar end their lines in CR LF, as their standards say.
                let data = arguments.contains("vcard") || arguments.contains("csv") || arguments.first == "calendar"
                let out = Self.rawControls(in: result.stdout, lineEnds: data), err = Self.rawControls(in: result.stderr, lineEnds: false)
                #expect(out.isEmpty, "crm \(arguments): stdout has \(out)\n\(result.stdout)")
                #expect(err.isEmpty, "crm \(arguments): stderr has \(err)\n\(result.stderr)")
                shown += result.stdout + result.stderr
            }
        }
        #expect(runs >= 200)
        // The attack strings were read and shown, escaped, not left out.
        for escaped in ["\\e]52;c;aGk=\\a", "\\x9b2J", "a\\x7fb\\ac\\rd<U+202E>e<U+2066>f", "\\e]0;owned\\a", "\\e[2J\\e[31m"] {
            #expect(shown.contains(escaped), "\(escaped) is never shown")
        }
        #expect(shown.contains("\\u001b]52;c;aGk=\\u0007"))
        #expect(shown.contains("\\u009b2J"))
        #expect(shown.contains("\\u202e"))
    }
}
