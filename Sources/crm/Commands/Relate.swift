import CRMKit

let relateCommand = Command(
    name: "relate",
    summary: "Say how two people are related (partner, parent, colleague, …).",
    usage: ["relate PERSON RELATION OTHER"],
    arguments: [Command.personArgument,
                ArgumentSpec("RELATION", completion: .words(Relationship.knownNames),
                             help: "what OTHER is to PERSON: partner, spouse, parent, child, sibling, friend, colleague, manager, report, or any other word"),
                ArgumentSpec("OTHER", completion: .people, help: "the other person, named as PERSON is, or the name of someone without a file in the vault")],
    examples: ["crm relate ada partner bob", "crm relate noor colleague theo", "crm relate ada godmother \"Grandma Rose\""],
    discussion: """
    Writes one item in PERSON's related: list, "[[bob-marsh|partner: Bob Marsh]]": OTHER is
    PERSON's RELATION. The relationship is stored once, on PERSON, and shown on both people:
    'crm show OTHER' names it from the other side (partner and partner, spouse and spouse, parent
    and child, sibling and sibling, friend and friend, colleague and colleague, manager and
    report; any other relation as "RELATION of"). Stating it again, on either side, changes
    nothing; two people related another way are unrelated first ('crm unrelate').
    OTHER that names no person of the vault, and is not close to a name to suggest, is someone
    without a file: the item is written as text, "partner: Bob Marsh", and the output says so
    (a name a few letters from a tracked one is refused with "did you mean").
    """,
    run: { context in
        let args = try context.positionals("PERSON", "RELATION", "OTHER")
        let vault = try context.vault()
        context.show(try usage { try vault.relate(args[0], args[1], args[2]) })
    }
)

let unrelateCommand = Command(
    name: "unrelate",
    summary: "Remove the relationship between two people.",
    usage: ["unrelate PERSON OTHER"],
    arguments: [Command.personArgument, ArgumentSpec("OTHER", completion: .people, help: "the other person, named as PERSON is, or a name related: holds as text")],
    examples: ["crm unrelate ada bob"],
    discussion: """
    Removes every related: item between the two, in either person's file (related: itself goes
    when its last item does); other items and the rest of the file stay as they are. OTHER that
    names no person of the vault is a name written as text in PERSON's related: ("partner: Bob
    Marsh"). Exit status 1 when they are not related.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "OTHER")
        let vault = try context.vault()
        context.show(try vault.unrelate(args[0], args[1]))
    }
)
