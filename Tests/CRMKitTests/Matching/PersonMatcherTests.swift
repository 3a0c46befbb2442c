import Foundation
import Testing

/// One matcher for PERSON arguments (`PersonMatcher`): a whole word beats the start of a word,
/// which beats a part inside a word; a name in another script is found by its Latin spelling;
/// people of one name are told apart by their id and a detail wherever they are listed together.
@Suite struct PersonMatcherTests {
    func vault(_ names: [String]) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        for name in names { try #require(try vault.crm("add", name).status == 0) }
        return vault
    }

    func shown(_ vault: TemporaryVault, _ query: String) throws -> String {
        let show = try vault.crm("show", query, "--json")
        guard show.status == 0 else { return show.stderr }
        let json = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        return json?["id"] as? String ?? show.stdout
    }

    @Test func aWholeWordBeatsAPartInsideAWord() throws {
        let vault = try vault(["Ana María López", "Kenji Watanabe", "Li Wei", "Giulia Rossi"])
        #expect(try shown(vault, "ana") == "ana-maria-lopez")
        #expect(try shown(vault, "li") == "li-wei")
        #expect(try shown(vault, "wata") == "kenji-watanabe")
    }

    @Test func theStartOfAWordBeatsAPartInsideAWord() throws {
        let vault = try vault(["Anabel Ortiz", "Kenji Watanabe"])
        #expect(try shown(vault, "ana") == "anabel-ortiz")
        #expect(try shown(vault, "tanab") == "kenji-watanabe")
    }

    @Test func severalInTheBestPlaceAreAmbiguousAndListedByNameAndId() throws {
        let vault = try vault(["Ana María López", "Ana Lima", "Kenji Watanabe"])
        let show = try vault.crm("show", "ana")
        #expect(show.status == 1)
        #expect(show.stderr == """
            crm: error: 'ana' matches 2 people by a word of a name or id; say which:
              Ana Lima (ana-lima)
              Ana María López (ana-maria-lopez)

            """)
    }

    @Test func aNameInAnotherScriptIsFoundByItsLatinSpelling() throws {
        let vault = try vault(["Ольга Петрова", "Olaf Berg", "Γιώργος Νικολάου"])
        #expect(try shown(vault, "olga") == "ольга-петрова")
        #expect(try shown(vault, "Petrova") == "ольга-петрова")
        #expect(try shown(vault, "giorgos") == "γιωργος-νικολαου")
        #expect(try shown(vault, "ol").contains("'ol' matches 2 people by the start of a word of a name or id"))
    }

    /// Two Sam Lees, at Acme and at Lee Design.
    func namesakes() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/sam-lee.md", "---\nname: Sam Lee\ncompany: Acme\nadded: 2026-11-01\n---\n")
        try vault.write("people/sam-lee-2.md", "---\nname: Sam Lee\ncompany: Lee Design\nadded: 2026-11-01\n---\n")
        try vault.write("people/sam-ng.md", "---\nname: Sam Ng\nemail: sam@ng.example\nadded: 2026-11-01\n---\n")
        try vault.write("people/sam-ng-2.md", "---\nname: Sam Ng\nemail: sng@work.example\nadded: 2026-11-01\n---\n")
        return vault
    }

    @Test func namesakesAreToldApartByIdAndCompanyOrEmail() throws {
        let vault = try namesakes()
        let show = try vault.crm("show", "sam lee")
        #expect(show.status == 1)
        #expect(show.stderr == """
            crm: error: 'sam lee' matches 2 people by name; say which:
              Sam Lee (sam-lee, Acme)
              Sam Lee (sam-lee-2, Lee Design)

            """)
        #expect(try vault.crm("log", "SAM NG", "Tea.").stderr.contains("  Sam Ng (sam-ng, sam@ng.example)\n  Sam Ng (sam-ng-2, sng@work.example)\n"))
    }

    @Test func summaryTellsNamesakesApart() throws {
        let vault = try namesakes()
        #expect(try vault.crm("log", "sam-lee-2", "Tea.").status == 0)
        let summary = try vault.crm("summary")
        #expect(summary.stdout.contains("  Sam Lee (sam-lee-2, Lee Design) (1)\n"), "\(summary.stdout)")
        #expect(summary.stdout.contains("  Sam Lee (sam-lee, Acme), Sam Ng (sam-ng, sam@ng.example), "
                                        + "Sam Ng (sam-ng-2, sng@work.example)\n"), "\(summary.stdout)")
    }

    /// `list`, `due` and `agenda` tell namesakes apart as the "matches 2 people" message does
    /// (one rule, `namesakeLabels(reading:)`): they showed two identical `Sam Lee` rows.
    @Test func listingsTellNamesakesApartAsTheMatcherDoes() throws {
        let vault = try namesakes()
        for id in ["sam-lee", "sam-lee-2"] { #expect(try vault.crm("set", id, "every=30d", "added=2026-10-01").status == 0) }
        let list = try vault.crm("list")
        #expect(list.stdout.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  ")[0] } == [
            "Sam Lee (sam-lee, Acme)", "Sam Lee (sam-lee-2, Lee Design)", "Sam Ng (sam-ng, sam@ng.example)", "Sam Ng (sam-ng-2, sng@work.example)",
        ], "\(list.stdout)")
        let due = try vault.crm("due")
        #expect(due.stdout.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  ")[0] } == [
            "Sam Lee (sam-lee, Acme)", "Sam Lee (sam-lee-2, Lee Design)",
        ], "\(due.stdout)")
        // One person with two items is no namesake of themselves: Sam Ng's other namesake has none.
        for note in ["Ask about the lease.", "Send the photos."] {
            #expect(try vault.crm("plan", "sam-ng", note, "--date", "2026-12-01").status == 0)
        }
        let agenda = try vault.crm("agenda")
        #expect(agenda.stdout.contains("Sam Lee (sam-lee, Acme)  ") && agenda.stdout.contains("Sam Lee (sam-lee-2, Lee Design)  "), "\(agenda.stdout)")
        #expect(agenda.stdout.components(separatedBy: "Sam Ng  ").count == 3 && !agenda.stdout.contains("Sam Ng ("), "\(agenda.stdout)")
    }

    @Test func completionOffersThePeopleAWordStartsAWordOfIgnoringCaseAndAccentsAndScripts() throws {
        let vault = try vault(["Ana María López", "Kenji Watanabe", "Ольга Петрова", "Bea", "Beatrice Ortiz"])
        #expect(try vault.crm("completions", "--people", "ANA").stdout == "ana-maria-lopez\n")
        #expect(try vault.crm("completions", "--people", "maria").stdout == "ana-maria-lopez\n")
        #expect(try vault.crm("completions", "--people", "bea").stdout == "bea\nbeatrice-ortiz\n")
        #expect(try vault.crm("completions", "--people", "olga").stdout == "ольга-петрова\n")
        #expect(try vault.crm("completions", "--people", "tana").stdout == "kenji-watanabe\n")
        #expect(try vault.crm("completions", "--people").stdout.split(separator: "\n").count == 5)
    }
}
