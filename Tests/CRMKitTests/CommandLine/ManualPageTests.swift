import Foundation
import Testing

/// `crm help --man` is the crm(1) manual page, made from the command table that prints `--help`.
/// `Tests/Interop/check-install.sh` checks it further with `mandoc -T lint` and `man -l`.
@Suite struct ManualPageTests {
    static let page: String = (try? CRM.run(["help", "--man"]).stdout) ?? ""

    @Test func hasEverySection() {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["\"NAME\"", "\"SYNOPSIS\"", "\"DESCRIPTION\"", "\"COMMANDS\"", "\"GLOBAL OPTIONS\"",
                             "\"ENVIRONMENT\"", "\"EXIT STATUS\"", "\"FILES\"", "\"EXAMPLES\"", "\"SEE ALSO\""])
        #expect(Self.page.hasPrefix(".TH CRM 1 "))
    }

    @Test func listsEveryCommandOfTheHelpWithItsOptions() throws {
        let overview = try CRM.run(["--help"]).stdout
        let commands = overview.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "COMMANDS:" }.dropFirst()
            .prefix { !$0.isEmpty }
            .map { String($0.split(separator: " ")[0]) }
        #expect(commands.count > 20)
        for command in commands {
            let section = Self.page.contains(".SS \"\(command.replacingOccurrences(of: "-", with: "\\-"))\"\n")
            #expect(section, "no section for \(command)")
            let help = try CRM.run([command, "--help"]).stdout
            for option in help.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { $0 != "OPTIONS:" }).dropFirst().prefix(while: { !$0.isEmpty }) {
                guard let name = option.split(separator: " ").first(where: { $0.hasPrefix("--") }) else {
                    Issue.record("\(command): no option name in '\(option)'")
                    continue
                }
                let listed = Self.page.contains("\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR")
                #expect(listed, "\(command): no \(name)")
            }
        }
    }

    @Test func listsEachGlobalOptionOnce() {
        let section = Self.page.components(separatedBy: ".SH \"GLOBAL OPTIONS\"")[1].components(separatedBy: ".SH ")[0]
        let lines = section.split(separator: "\n")
        let options = zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.map { String($0.1) }
        #expect(options.count == Set(options).count, "\(options)")
        #expect(options.contains("\\fB\\-\\-version\\fR"), "\(options)")
    }

    @Test func namesEveryEnvironmentVariable() {
        let environment = Self.page.components(separatedBy: ".SH \"ENVIRONMENT\"")[1].components(separatedBy: ".SH ")[0]
        for name in ["CRM_VAULT", "CRM_TODAY", "CRM_CALENDAR", "CRM_CONTACTS", "VISUAL", "EDITOR", "NO_COLOR"] {
            let named = environment.contains("\\fB\(name)\\fR")
            #expect(named, "\(name)")
        }
    }

    @Test func noTextLineStartsARequest() {
        // Lines starting with '.' or "'" are requests; text from the table must never become one.
        let requests = Set(["TH", "SH", "SS", "PP", "TP", "RS", "RE", "nf", "fi", "br"])
        for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let name = line.dropFirst().prefix { $0 != " " }
            #expect(requests.contains(String(name)), "\(line)")
        }
    }

    /// `--help` shows help texts without Markdown's code marks; the man page sets them in bold.
    @Test func helpAndTheManPageRenderCodeMarks() throws {
        let help = try CRM.run(["due", "--help"])
        #expect(!help.stdout.contains("`"))
        #expect(help.stdout.contains("the added date plus the cadence"))
        let man = try CRM.run(["help", "--man"]).stdout
        #expect(!man.contains("`"))
        #expect(man.contains("\\fBadded\\fR"))
    }
}
