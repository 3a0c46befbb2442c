import CRMKit

let setCommand = Command(
    name: "set",
    summary: "Change front-matter fields, nothing else.",
    usage: ["set PERSON KEY=VALUE…", "set PERSON KEY+=ITEM… KEY-=ITEM…"],
    arguments: [
        Command.personArgument,
        ArgumentSpec("KEY=VALUE…", completion: .assignments, help: "fields to set; tags and aliases take a comma-separated list; repeat a key for a list; "
            + "KEY+=ITEM adds an item to a list, KEY-=ITEM removes it"),
    ],
    examples: [
        "crm set ada phone=\"+44 20 7946 0018\" every=30d",
        "crm set ada tags=friends,mathematics",
        "crm set ada tags+=chess tags-=work",
        "crm set ada email=ada@example.org email=countess@example.org",
        "crm set ada email+=ada@work.example",
    ],
    discussion: """
    A changed value replaces the old one in place (its comment and quoting kept); a new key goes at
    the end of the front matter. Values are quoted so every YAML reader reads back the same text.
    KEY= with nothing after it is refused: 'crm unset PERSON KEY' removes a key.
    KEY+=ITEM and KEY-=ITEM work on any list (tags, aliases, phone, email, or a key of your own):
    the item is added after the last one, in the list's style (flow [a, b] or block '- a' lines,
    with their indentation), or its line goes; comments stay. A single value becomes a list in the
    style the file's other lists use. Adding an item that is there, or removing one that is not,
    changes nothing and says so (exit status 0). Every change of one run is one write: when one
    cannot be made, none is.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "KEY=VALUE", atLeast: 2)
        let vault = try context.vault()
        context.show(try usage { try vault.set(args[0], typed: Array(args.dropFirst())) })
    }
)

let unsetCommand = Command(
    name: "unset",
    summary: "Remove front-matter fields, nothing else.",
    usage: ["unset PERSON KEY…"],
    arguments: [Command.personArgument,
                ArgumentSpec("KEY…", completion: .keys, help: "the keys to remove, with their values")],
    examples: ["crm unset ada snooze", "crm unset ada phone email"],
    discussion: "A key that is not there changes nothing and says so (exit status 0).",
    run: { context in
        let args = try context.positionals("PERSON", "KEY", atLeast: 2)
        let vault = try context.vault()
        context.show(try usage { try vault.unset(args[0], keys: Array(args.dropFirst())) })
    }
)
