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
}
