import Foundation
import Testing

/// `crm summary`, `crm search` and `crm index` on the example vault (CRM_TODAY=2026-11-29).
@Suite struct ReportsCLITests {
    private func json(_ result: CRMResult) throws -> Any { try StayInTouchCLITests.json(result) }

    // MARK: summary

    @Test func summaryCountsTheLastTwelveMonths() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("summary", "--json")
        #expect(result.status == 0)
        let summary = try #require(try json(result) as? [String: Any])
        #expect(summary["since"] as? String == "2025-12-01")
        #expect(summary["until"] as? String == "2026-11-29")
        // Counted by hand from the files: 2 + 4 + 4 + 3 + 4 + 3 + 3 + 3 + 3 entries for nine people,
        // and two daily-note items, a visit with Noor and a call with Анна (each counted once).
        #expect(summary["interactions"] as? Int == 31)
        #expect(summary["by_type"] as? [String: Int] == ["call": 11, "message": 6, "email": 2, "visit": 10, "note": 2])
        #expect(summary["by_month"] as? [String: Int] == [
            "2025-12": 0, "2026-01": 0, "2026-02": 0, "2026-03": 1, "2026-04": 0, "2026-05": 1,
            "2026-06": 1, "2026-07": 0, "2026-08": 4, "2026-09": 3, "2026-10": 9, "2026-11": 12,
        ])
        #expect(summary["people_contacted"] as? Int == 11)
        #expect(summary["people"] as? Int == 12)
        #expect(summary["due"] as? Int == 4)
        #expect(summary["never_contacted"] as? Int == 1)
        #expect(summary["due_ids"] as? [String] == ["theo-vance", "priya-raman", "oliver-finch", "henrik-dahl"])
        #expect(summary["never_contacted_ids"] as? [String] == ["theo-vance"])
        let most = try #require(summary["most_contacted"] as? [[String: Any]])
        #expect(most.map { $0["id"] as? String } == ["henrik-dahl", "jose-nunez", "margaret-holloway"])
        #expect(most.map { $0["interactions"] as? Int } == [4, 4, 4])
        let least = try #require(summary["least_contacted"] as? [[String: Any]])
        // Noor and Анна have one each (daily notes), Noor heard from longest ago; then Bea with 2.
        #expect(least.map { $0["id"] as? String } == ["noor-haddad", "анна-соколова", "bea-quill"])
        #expect(least.map { $0["interactions"] as? Int } == [1, 1, 2])
    }

    @Test func summaryOfOneMonth() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let summary = try #require(try json(try vault.crm("summary", "--since", "2026-11-01", "--until", "2026-11-30", "--json")) as? [String: Any])
        #expect(summary["interactions"] as? Int == 12)
        #expect(summary["by_type"] as? [String: Int] == ["call": 5, "message": 2, "email": 0, "visit": 5, "note": 0])
        #expect(summary["by_month"] as? [String: Int] == ["2026-11": 12])
        #expect(summary["people_contacted"] as? Int == 8)
        let most = try #require(summary["most_contacted"] as? [[String: Any]])
        #expect(most.map { $0["id"] as? String } == ["family/grandma-rose", "lena-marsh", "margaret-holloway"])
        #expect(most.map { $0["interactions"] as? Int } == [2, 2, 2])
        let least = try #require(summary["least_contacted"] as? [[String: Any]])
        #expect(least.map { $0["id"] as? String } == ["oliver-finch", "priya-raman", "jose-nunez"])
        #expect(least.map { $0["interactions"] as? Int } == [0, 0, 0])
        let relative = try #require(try json(try vault.crm("summary", "--since", "-1m", "--json")) as? [String: Any])
        #expect(relative["since"] as? String == "2026-10-29")
        #expect(try vault.crm("summary", "--since", "2026-12-01", "--until", "2026-11-01").status == 2)
    }

    @Test func summaryTextMatchesTheGoldenFile() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("summary")
        #expect(result.status == 0)
        #expect(result.stdout == StayInTouchCLITests.golden("summary.txt"))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "31 interactions from 2025-12-01 to 2026-11-29, with 11 of 12 people")
        // 25 cells for the largest count; 10 of 11 is 22.7 cells, rounded to 23 in ASCII.
        #expect(lines.contains("  call     11  " + String(repeating: "#", count: 25)))
        #expect(lines.contains("  visit    10  " + String(repeating: "#", count: 23)))
        #expect(lines.contains("  2026-03   1  ##"))
        #expect(lines.contains("  2026-04   0"))
        #expect(lines.contains("Most contacted:       Henrik Dahl (4), José Núñez (4), Margaret Holloway (4)"))
        #expect(lines.contains("Least contacted:      Noor Haddad (1), Анна Соколова (1), Bea Quill (2)"))
        #expect(lines.contains("Due now (4):          Theo Vance, Priya Raman, Oliver Finch, Henrik Dahl"))
        // Noor and Анна were seen only in daily notes: contacted, and counted once in the totals.
        #expect(lines.contains("Never contacted (1):  Theo Vance"))
    }

    @Test func summaryChartUsesUnicodeBlocksOnlyInAUTF8LocaleWithoutNoColor() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let unicode = try vault.crm("summary", environment: ["NO_COLOR": "", "LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": ""])
        #expect(unicode.stdout == StayInTouchCLITests.golden("summary-unicode.txt"))
        // 22.7 cells: 22 full blocks and three quarters; 1 of 12 is 2.1 cells, 3 of 12 6.25.
        #expect(unicode.stdout.contains("  visit    10  " + String(repeating: "█", count: 22) + "▊\n"))
        #expect(unicode.stdout.contains("  2026-03   1  ██▏\n"))
        #expect(unicode.stdout.contains("  2026-09   3  ██████▎\n"))
        let cLocale = try vault.crm("summary", environment: ["NO_COLOR": "", "LANG": "C", "LC_ALL": "", "LC_CTYPE": ""])
        #expect(cLocale.stdout == StayInTouchCLITests.golden("summary.txt"))
        let lcAllWins = try vault.crm("summary", environment: ["NO_COLOR": "", "LANG": "C.UTF-8", "LC_ALL": "POSIX", "LC_CTYPE": ""])
        #expect(!lcAllWins.stdout.contains("█"))
        let noColor = try vault.crm("summary", environment: ["NO_COLOR": "1", "LANG": "en_GB.UTF-8"])
        #expect(!noColor.stdout.contains("█"))
    }

    @Test func summaryOfAnEmptyVault() throws {
        let vault = try TemporaryVault()
        let result = try vault.crm("summary")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("0 interactions from 2025-12-01 to 2026-11-29, with 0 of 0 people\n"))
        #expect(result.stdout.contains("Most contacted:       -\n"))
    }

    // MARK: search

    @Test func searchIgnoresCaseAndAccentsAndPrintsPathAndLine() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let lemon = try vault.crm("search", "LEMON")
        #expect(lemon.status == 0)
        #expect(lemon.stdout == """
        people/family/grandma-rose.md:9: Calls on Sundays after church. Likes crosswords and lemon cake.
        people/family/grandma-rose.md:14: - 2026-11-08 visit: Lemon cake and old photo albums.

        """)
        #expect(try vault.crm("search", "lucia").stdout == """
        people/jose-nunez.md:15: - 2026-10-30 Call: His daughter was born on the 27th! Lucía, 3.2 kg.
        people/jose-nunez.md:22: - A baby book for Lucía

        """)
        #expect(try vault.crm("search", "Núñez").stdout.hasPrefix("people/jose-nunez.md:2: name: José Núñez\n"))
        #expect(try vault.crm("search", "lenny").stdout == "people/lena-marsh.md:4:   - Lenny\n")
        #expect(try vault.crm("search", "pancakes").stdout == "people/henrik-dahl.md:16:   Celebrated with pancakes.\n")
        #expect(try vault.crm("search", "flat-share", "photos").stdout == "people/jose-nunez.md:16: + 2026-10-12 email: Sent the flat-share photos he asked for.\n")
    }

    @Test func searchSeesTrailingSpacesButDoesNotPrintThem() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n\nMet at the café \t\nCafe crème\n")
        #expect(try vault.crm("search", "cafe ").stdout == "people/ada.md:5: Met at the café\npeople/ada.md:6: Cafe crème\n")
        #expect(try vault.crm("search", "café \t").stdout == "people/ada.md:5: Met at the café\n")
    }

    @Test func searchJSONAndNothingFound() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let rows = try #require(try json(try vault.crm("search", "写真", "--json")) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["id"] as? String == "山田-花子")
        #expect(rows[0]["path"] as? String == "people/山田-花子.md")
        #expect(rows[0]["line"] as? Int == 14)
        #expect(rows[0]["text"] as? String == "- 2026-11-12 message: 写真を送ってくれた — photos of the autumn leaves in Kyoto.")
        let none = try vault.crm("search", "zeppelin")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.isEmpty)
        let noneJSON = try vault.crm("search", "zeppelin", "--json")
        #expect(noneJSON.status == 1)
        #expect(noneJSON.stdout == "[]\n")
        #expect(try vault.crm("search").status == 2)
    }

    // MARK: index

    @Test func indexMatchesTheGoldenFileAndIsWrittenOnce() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let stale = try vault.crm("index", "--check")
        #expect(stale.status == 1)
        #expect(stale.stdout == "INDEX.md is out of date: it does not exist; run 'crm index'\n")
        let first = try vault.crm("index")
        #expect(first.status == 0)
        #expect(first.stdout == "Wrote INDEX.md (12 people)\n")
        #expect(vault.read("INDEX.md") == StayInTouchCLITests.golden("INDEX.md"))
        let inode = try FileManager.default.attributesOfItem(atPath: vault.path + "/INDEX.md")[.systemFileNumber] as? Int
        // Another day, same files: the same bytes, and nothing is written.
        let again = try vault.crm("index", environment: ["CRM_TODAY": "2027-06-01"])
        #expect(again.stdout == "INDEX.md is up to date\n")
        #expect(try FileManager.default.attributesOfItem(atPath: vault.path + "/INDEX.md")[.systemFileNumber] as? Int == inode)
        let current = try vault.crm("index", "--check", environment: ["CRM_TODAY": "2027-06-01"])
        #expect(current.status == 0)
        #expect(current.stdout == "INDEX.md is up to date\n")
    }

    @Test func indexEscapesMarkdownInNamesAndPathsInLinks() throws {
        let vault = try TemporaryVault()
        try vault.write("people/odd name (b).md", "---\nname: \"A*b_c|d [x] `y` <z> \\\\ é山\"\n---\n")
        try vault.crm("index")
        #expect(vault.read("INDEX.md").contains(#"| [A\*b\_c\|d \[x\] \`y\` \<z\> \\ é山](people/odd%20name%20%28b%29.md) |"#))
    }

    @Test func indexContentsOnTheExampleVault() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.crm("index")
        let index = vault.read("INDEX.md")
        let lines = index.split(separator: "\n").map(String.init)
        #expect(lines.contains("| [Theo Vance](people/theo-vance.md) | never | 60d | 2026-08-30 | work |"))
        #expect(lines.contains("| [Grandma Rose](people/family/grandma-rose.md) | 2026-11-22 call | 14d | 2026-12-06 | family |"))
        #expect(lines.contains("| [Bea Quill](people/bea-quill.md) | 2026-11-18 visit | 90d | 2027-02-16 |  |"))
        #expect(lines.contains("| [Noor Haddad](people/noor-haddad.md) | 2026-11-26 visit | 90d | 2027-02-24 | work |"))
        #expect(lines.contains("- 2026-12-15 [José Núñez](people/jose-nunez.md) (every 30d, snoozed, last 2026-10-30)"))
        #expect(lines.filter { $0.hasPrefix("| [") }.count == 12)
        let recent = lines.drop { $0 != "## Recent interactions" }.dropFirst().filter { $0.hasPrefix("- ") }
        #expect(recent.count == 20)
        #expect(recent.first == "- 2026-11-28 call, [Margaret Holloway](people/margaret-holloway.md): Talked about the winter tournament.")
        #expect(recent.last == "- 2026-10-04 visit, [Henrik Dahl](people/henrik-dahl.md): Half marathon! Both finished under two hours. …")
        // The daily notes' items, once each.
        #expect(recent.contains("- 2026-11-26 12:30 visit, [Noor Haddad](people/noor-haddad.md): Coffee with [[noor-haddad|Noor]]; she starts on the roadmap in January."))
    }

    @Test func indexGoesStaleWhenAFileChanges() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.crm("index")
        try vault.crm("log", "theo", "Coffee in the canteen", "--date", "2026-11-27")
        let stale = try vault.crm("index", "--check")
        #expect(stale.status == 1)
        #expect(stale.stdout == "INDEX.md is out of date: line 16 should be '| [Theo Vance](people/theo-vance.md) | 2026-11-27 call | 60d | 2027-01-26 | work |'; run 'crm index'\n")
        let json = try #require(try json(try vault.crm("index", "--check", "--json")) as? [String: Any])
        #expect(json["current"] as? Bool == false)
        #expect(try vault.crm("index").stdout == "Wrote INDEX.md (12 people)\n")
        #expect(try vault.crm("index", "--check").status == 0)
    }

    @Test func indexLinksEscapeSpacesAndPipes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/odd name|x (1).md", "---\nname: Pipe | *Star*\nevery: 7d\ntags: [a|b]\n---\n")
        try vault.crm("index")
        let index = vault.read("INDEX.md")
        #expect(index.contains("| [Pipe \\| \\*Star\\*](people/odd%20name%7Cx%20%281%29.md) | never | 7d | now | a\\|b |\n"))
        #expect(index.contains("- now [Pipe \\| \\*Star\\*](people/odd%20name%7Cx%20%281%29.md) (every 7d, never contacted)\n"))
        #expect(index.contains("## Recent interactions\n\nNo interactions yet.\n"))
    }
}
