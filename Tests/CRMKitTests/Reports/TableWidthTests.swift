import CRMTerminal
import Foundation
import Testing

/// `crm list` lines its columns up by terminal cells: ASCII a cell a byte, accented letters one
/// cell in two bytes wherever they stand in the name, East Asian letters two cells, and a name
/// wider than 40 cells cut to fit.
@Suite struct TableWidthTests {
    @Test func columnsLineUpByTerminalCells() throws {
        let vault = try TemporaryVault()
        for name in ["Ada Lovelace", "Zoë Ng", "Bartholomew Zoë", "山田 花子", String(repeating: "長谷川", count: 8),
                     "Ölaf Bartholomew Bartholomew Bartholomew"] {
            #expect(try vault.crm("add", name).status == 0)
        }
        let padding = { (cells: Int) in String(repeating: " ", count: cells) }
        let rest = "never         -     90d    in 3 months"   // the test vault's default cadence
        let list = try vault.crm("list").stdout
        #expect(list == """
            NAME                                      LAST CONTACT  NEXT  EVERY  DUE          TAGS
            Ada Lovelace\(padding(30))\(rest)
            Bartholomew Zoë\(padding(27))\(rest)
            Ölaf Bartholomew Bartholomew Bartholomew  \(rest)
            Zoë Ng\(padding(36))\(rest)
            山田 花子\(padding(33))\(rest)
            \(String(repeating: "長谷川", count: 6))長…   \(rest)

            """)
    }

    @Test func aVeryLongNameDoesNotWidenTheTablesButJSONKeepsIt() throws {
        let vault = try TemporaryVault()
        let long = String(repeating: "Bartholomew ", count: 25).trimmingCharacters(in: .whitespaces)
        #expect(try vault.crm("add", long).status == 0)
        #expect(try vault.crm("add", "Ada Lovelace").status == 0)
        for command in [["list"], ["due", "--within", "1y"]] {
            let lines = try CRM.run(["--vault", vault.path] + command).stdout.split(separator: "\n")
            let widths = lines.map { $0.count }
            #expect(widths.allSatisfy { $0 <= 100 }, "\(command): \(lines)")
            #expect(lines.contains { $0.hasPrefix("Bartholomew Bartholomew Bartholomew Bar… ") }, "\(command): \(lines)")
        }
        let json = try vault.crm("list", "--json").stdout
        #expect(json.contains("\"name\": \"\(long)\""))
    }

    /// `crm` measures and cuts text by `crm browse`'s one rule (`DisplayWidth`, `TextLayout`). A
    /// control character takes no cell; a table measures a cell as it is shown, its controls
    /// escaped (`\a`), so a name holding one still lines up.
    @Test func aControlCharacterTakesNoCellAndATableMeasuresItsEscape() throws {
        #expect(DisplayWidth.of("a\u{7}b") == 2)
        #expect(DisplayWidth.of("\u{1B}\u{7F}\u{9B}") == 0)
        let vault = try TemporaryVault()
        try vault.write("people/bel.md", "---\nname: \"Bel\\a\"\n---\n")
        #expect(try vault.crm("add", "Ada").status == 0)
        let lines = try vault.crm("list").stdout.split(separator: "\n")
        #expect(lines.map { $0.prefix(9) } == ["NAME   LA", "Ada    ne", "Bel\\a  ne"])
    }

    /// A cut ends in `…` after the last character that fits; only spaces before it are dropped,
    /// other white space (a no-break space) is kept.
    @Test func aCutDropsOnlySpacesBeforeTheEllipsis() throws {
        #expect(TextLayout.truncated("Ada \u{A0}Lovelace", width: 6) == "Ada \u{A0}…")
        #expect(TextLayout.truncated("Ada   Lovelace", width: 6) == "Ada…")
        let vault = try TemporaryVault()
        let name = String(repeating: "Bartholomew ", count: 3) + "Ba\u{A0}Zoë"
        #expect(try vault.crm("add", name).status == 0)
        let list = try vault.crm("list").stdout
        #expect(list.contains("\nBartholomew Bartholomew Bartholomew Ba\u{A0}… "), "\(list)")
    }
}
