import CRMKit

let unlogCommand = Command(
    name: "unlog",
    summary: "Remove item N of a person's log as 'crm show' numbers them (kept under .crm/trash/).",
    usage: ["unlog PERSON N"],
    arguments: [
        Command.personArgument,
        ArgumentSpec("N", completion: .none, help: "the item's number in 'crm show PERSON': entries newest first (1 = newest), then undated follow-ups"),
    ],
    examples: ["crm show ada", "crm unlog ada 1", "crm restore"],
    discussion: """
    The item's lines (its continuation lines too) are removed, nothing else: an entry, or an undated
    follow-up ('- [ ] NOTE'), numbered after the entries. They are kept in .crm/trash/ with the
    person's id (and an entry's date), on this machine only (the trash is not synced): 'crm restore'
    lists the trash and puts the item back where it was.
    After 'crm unlog' or 'crm done' changed the log, the numbers stay as 'crm show' last listed
    them until it lists them again: 'crm unlog ada 1' run twice removes item 1 once and then
    fails, and 'crm unlog ada 3' removes what was listed as 3.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "N")
        guard let number = Int(words[1]), number >= 1 else { throw UsageError("N must be an item number, 1 or more (see crm show)") }
        let vault = try context.vault()
        context.show(try vault.unlog(UnlogRequest(person: words[0], number: number), clock: try context.clock()))
    }
)
