import CRMKit

let unlogCommand = Command(
    name: "unlog",
    summary: "Remove entry N of a person's log as 'crm show' numbers them (kept under .crm/trash/).",
    usage: ["unlog PERSON N"],
    arguments: [
        Command.personArgument,
        ("N", "the entry's number in 'crm show PERSON' (1 = newest)"),
    ],
    examples: ["crm show ada", "crm unlog ada 1", "crm restore"],
    discussion: """
    The entry's lines (and its continuation lines) are removed, nothing else. They are kept in
    .crm/trash/ with the person's id and the entry's date, on this machine only (the trash is not
    synced): 'crm restore' lists the trash and puts the entry back where it was.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "N")
        guard let number = Int(words[1]), number >= 1 else { throw UsageError("N must be an entry number, 1 or more (see crm show)") }
        let vault = try context.vault()
        let today = try context.today()
        let person = try vault.find(words[0])
        let (entry, trash) = try vault.unlog(person, number: number, stamp: try context.clock().fileStamp)
        let trashPath = Vault.trashFolder + "/" + trash.name
        if context.json {
            context.printJSON(.object([("id", .string(person.id)), ("path", .string(person.path)),
                                       ("interaction", entry.json(on: today)), ("trash", .string(trashPath))]))
        } else {
            context.terminal.print("Removed \(person.path):\(entry.line): \(trash.summary)")
            context.terminal.print("Kept in \(trashPath); put it back with: crm restore \(trash.name)")
        }
    }
)
