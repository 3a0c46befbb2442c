import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// Every screen of `crm browse` as text, at 80x24 and 40x12, compared with the goldens under
/// `Fixtures/golden/browse/` (the same captures `docs/browse.md` shows). Names in Japanese and
/// Russian and a long one are on the list and have pages of their own.
@Suite struct BrowseGoldenTests {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12)]

    /// A person whose name, tags and notes are longer than any column.
    static let longName = """
    ---
    name: Maximiliana Wilhelmina Theodora von Habsburg-Lothringen-Este
    phone: "+43 1 5123 4567"
    email: maximiliana.von.habsburg-lothringen@example.at
    tags: [family, history-society, vienna, letters]
    every: 2w
    added: 2026-09-01
    ---

    Great-aunt on my mother's side. Writes long letters in green ink and expects long answers, always by post.

    ## Interactions

    - [ ] 2026-11-20 call: Ask about the photographs from the 1962 summer in Salzburg, and whether she still has the negatives.
    - 2026-11-10 email: Sent her the scans of the family tree; she corrected three dates and added a great-great-uncle nobody had heard of.
    - 2026-10-02 visit: Tea in her flat.
    """

    /// A scenario: what is done to a fresh session before its screen is drawn.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        var example = true
        var environment: [String: String] = [:]
        let keys: @Sendable (BrowseFixture) -> Void
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "people") { _ in },
        Scenario(name: "people-filter") { fixture in
            fixture.press(.character("/"))
            fixture.type("fr")
        },
        Scenario(name: "people-by-name") { fixture in fixture.press(.character("s"), .character("j"), .character("j")) },
        Scenario(name: "people-marked", environment: [:]) { fixture in fixture.press(.character(" "), .character(" ")) },
        Scenario(name: "people-empty", example: false) { _ in },
        Scenario(name: "today") { fixture in fixture.press(.character("t")) },
        Scenario(name: "person") { fixture in fixture.open("lena") },
        Scenario(name: "person-japanese") { fixture in fixture.open("山田") },
        Scenario(name: "person-russian") { fixture in fixture.open("anna") },
        Scenario(name: "person-long-name") { fixture in fixture.open("maximiliana") },
        // Related, and entries of daily notes (one open, overdue), unnumbered with where they live.
        Scenario(name: "person-related") { fixture in fixture.open("noor") },
        // u on an entry of another file: it is changed where it lives.
        Scenario(name: "person-elsewhere-unlog") { fixture in
            fixture.open("noor")
            fixture.press(.character("u"))
        },
        Scenario(name: "person-unlog-question") { fixture in
            fixture.open("lena")
            fixture.press(.character("j"), .character("j"), .character("u"))
        },
        Scenario(name: "person-from-contacts", environment: ["CRM_CONTACTS": "~/contacts.vcf"]) { fixture in fixture.open("margaret") },
        Scenario(name: "log-sheet") { fixture in
            fixture.open("lena")
            fixture.press(.character("l"))
            fixture.type("Walked along the canal.")
            fixture.press(.enter)
            fixture.type("She has found a flat.")
        },
        Scenario(name: "log-sheet-with") { fixture in
            fixture.press(.character(" "), .character(" "), .character(" "), .character("l"))
            fixture.type("Lunch by the river.")
        },
        Scenario(name: "log-sheet-bad-date") { fixture in
            fixture.open("lena")
            fixture.press(.character("l"), .backTab, .backTab, .control("u"))
            fixture.type("2026-13-01")
            fixture.press(.control("s"))
        },
        Scenario(name: "plan-sheet", environment: ["CRM_CALENDAR": "~/calendar"]) { fixture in
            fixture.open("山田")
            fixture.press(.character("p"), .tab)
        },
        Scenario(name: "picker", environment: ["CRM_CONTACTS": "~/contacts.vcf"]) { fixture in
            fixture.press(.character("a"))
        },
        Scenario(name: "picker-filter", environment: ["CRM_CONTACTS": "~/contacts.vcf"]) { fixture in
            fixture.press(.character("a"))
            fixture.type("ada")
        },
        Scenario(name: "add-by-name") { fixture in
            fixture.press(.character("a"))
            fixture.type("Zoë Ærøskøbing")
        },
        Scenario(name: "about") { fixture in fixture.press(.character("?")) },
    ]

    @Test(arguments: scenarios)
    func screen(_ scenario: Scenario) throws {
        for size in Self.sizes {
            let fixture = try BrowseFixture(example: scenario.example, size: size, environment: scenario.environment,
                                            people: scenario.example ? ["maximiliana": Self.longName] : [:])
            scenario.keys(fixture)
            try BrowseGolden.check("\(scenario.name)-\(size)", fixture.screen)
        }
    }

    @Test func aTerminalTooSmallSaysSoOnOneLine() throws {
        let fixture = try BrowseFixture(size: Size(columns: 39, rows: 12))
        #expect(fixture.screen.lines.filter { !$0.isEmpty } == ["Too small (needs 40x12)"])
        fixture.resize(Size(columns: 80, rows: 11))
        #expect(fixture.screen.lines.filter { !$0.isEmpty }.count == 1)
        fixture.resize(Size(columns: 40, rows: 12))
        #expect(fixture.screen.lines[0] == "4 due today · 2 follow-ups overdue")
    }
}
