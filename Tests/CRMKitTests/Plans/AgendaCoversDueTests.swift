import Foundation
import Testing

/// `crm agenda` covers what `crm due` lists: in generated vaults (fixed seeds), every person
/// `due --within C` lists is a "due" item of `agenda --within C`, once, on the same date, overdue
/// ones in the overdue section; in text and in JSON.
@Suite struct AgendaCoversDueTests {
    static let names = ["Ada Lovelace", "Bea Quill", "Chidi Okafor", "Dora Núñez", "Eli Brandt", "Farah Haddad",
                        "Gus Ortega", "Hana Sato", "Ivo Petrov", "Jo March", "Kai Lund", "Lena Marsh", "Mo Dahl",
                        "Nia Stone", "Oto Kral", "Pia Moss", "Quin Ray", "Rui Sousa", "Sam Vance", "Tove Berg",
                        "Ugo Fenn", "Vera Kim", "Wim Hals", "Xia Wu", "Yara Diaz", "Zeno Bell", "Анна Соколова"]

    /// A person file with a random cadence, `added`, snooze, log of past and future entries,
    /// overdue and coming open items and undated follow-ups.
    static func person(_ name: String, _ random: inout SeededGenerator) -> String {
        func day(_ offset: Int) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let date = calendar.date(byAdding: .day, value: offset, to: calendar.date(from: DateComponents(year: 2026, month: 11, day: 29))!)!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        var front = ["name: \(name)"]
        if let every = ["7d", "14d", "2w", "30d", "1m", "90d", "3m", nil].randomElement(using: &random)! { front.append("every: \(every)") }
        if Bool.random(using: &random) { front.append("tags: [\(["family", "friends", "work"].randomElement(using: &random)!)]") }
        if Int.random(in: 0..<3, using: &random) > 0 { front.append("added: \(day(-Int.random(in: 0...300, using: &random)))") }
        if Int.random(in: 0..<5, using: &random) == 0 { front.append("snooze: \(day(Int.random(in: -10...40, using: &random)))") }
        if Int.random(in: 0..<4, using: &random) == 0 {
            front.append("birthday: 19\(Int.random(in: 50...99, using: &random))-\(day(Int.random(in: 0...45, using: &random)).dropFirst(5))")
        }
        var log: [String] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let offset = Int.random(in: -200...30, using: &random)
            let time = Bool.random(using: &random) ? " \(String(format: "%02d:%02d", Int.random(in: 7...21, using: &random), 30)) " : " "
            switch Int.random(in: 0..<4, using: &random) {
            case 0: log.append("- [ ] \(day(offset))\(time)call: Plan \(log.count).")
            case 1: log.append("- [x] \(day(offset))\(time)visit: Done \(log.count).")
            default: log.append("- \(day(offset))\(time)message: Entry \(log.count).")
            }
        }
        if Int.random(in: 0..<4, using: &random) == 0 { log.append("- [ ] Someday \(log.count).") }
        return "---\n" + front.joined(separator: "\n") + "\n---\n\n## Interactions\n\n" + log.map { $0 + "\n" }.joined()
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func everyoneDueIsOnTheAgendaOnce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "every: 60d\ntag_every:\n  family: 14d\n  friends: 30d\n")
        for (i, name) in Self.names.shuffled(using: &random).prefix(Int.random(in: 8...Self.names.count, using: &random)).enumerated() {
            try vault.write("people/p\(i).md", Self.person(name, &random))
        }
        for within in ["3d", "2w", "1m"] {
            let dueResult = try vault.crm("due", "--within", within, "--json")
            let agendaResult = try vault.crm("agenda", "--within", within, "--json")
            #expect(dueResult.status == 0 && agendaResult.status == 0, "\(dueResult.stderr)\(agendaResult.stderr)")
            let due = try #require(try StayInTouchCLITests.json(dueResult) as? [[String: Any]])
            let agenda = try #require(try StayInTouchCLITests.json(agendaResult) as? [[String: Any]])
            let dueItems = agenda.filter { $0["kind"] as? String == "due" }
            // The same people, once each, on the same day, as overdue as `due` says.
            func key(_ row: [String: Any], date: String) -> String {
                "\(row["id"] as? String ?? "?") \(row[date] as? String ?? "?") \(row["overdue_days"] as? Int ?? 0)"
            }
            #expect(dueItems.count == due.count, "seed \(seed) --within \(within)")
            #expect(dueItems.map { key($0, date: "date") }.sorted() == due.map { key($0, date: "due") }.sorted(), "seed \(seed) --within \(within)")
            // Overdue people come first, with the overdue follow-ups, most overdue first.
            let overdue = agenda.prefix { ($0["overdue_days"] as? Int ?? 0) > 0 && $0["date"] as? String ?? "" < "2026-11-29" }
            #expect(overdue.filter { $0["kind"] as? String == "due" }.count == due.filter { ($0["overdue_days"] as? Int ?? 0) > 0 }.count)
            let lateness = overdue.map { $0["overdue_days"] as? Int ?? 0 }
            #expect(lateness == lateness.sorted(by: >), "seed \(seed)")
            // And the text: each name `due` prints has a "due" row of the agenda.
            let dueText = try vault.crm("due", "--within", within).stdout
            let agendaText = try vault.crm("agenda", "--within", within).stdout
            let dueRows = agendaText.split(separator: "\n").filter { $0.hasPrefix("  due ") }
            #expect(dueRows.count == due.count, "seed \(seed) --within \(within):\n\(agendaText)")
            for row in due {
                let name = try #require(row["name"] as? String)
                #expect(dueText.contains(name))
                #expect(dueRows.contains { $0.contains(name) }, "\(name) missing from the agenda:\n\(agendaText)")
            }
        }
    }

    @Test func theReadmeExampleShowsTheOverduePeople() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let agenda = try vault.crm("agenda").stdout
        for name in ["Theo Vance", "Priya Raman", "Oliver Finch", "Henrik Dahl"] {
            #expect(agenda.split(separator: "\n").contains { $0.hasPrefix("  due ") && $0.contains(name) && $0.hasSuffix("overdue") }, "\(name)")
        }
    }

    @Test func anEmptyDueListNamesTheOverdueFollowUpsTheAgendaShows() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\nevery: 30d\n---\n\n## Interactions\n\n- [ ] 2026-11-20 call: Ask about the engine.\n- 2026-11-25: Tea.\n")
        try vault.write("people/bob.md", "---\nname: Bob\nevery: 30d\n---\n\n## Interactions\n\n- [ ] 2026-11-27 call: Return the book.\n- 2026-11-25: Tea.\n")
        let due = try vault.crm("due")
        #expect(due.stdout == "Nobody is due. Next: Ada, in 3 weeks (2026-12-25). 2 follow-ups are overdue: see 'crm agenda'.\n")
        let agenda = try vault.crm("agenda").stdout
        #expect(agenda.hasPrefix("Overdue\n  20 November  Ada  call: Ask about the engine.  9 days overdue\n  27 November  Bob  call: Return the book.  2 days overdue\n"))
        try vault.crm("done", "ada")
        #expect(try vault.crm("due").stdout.hasSuffix(" 1 follow-up is overdue: see 'crm agenda'.\n"))
    }
}
