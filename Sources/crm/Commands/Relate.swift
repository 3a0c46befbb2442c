import CRMKit

let relateCommand = Command(
    name: "relate",
    summary: "Say how two people are related (partner, parent, colleague, …).",
    usage: ["relate PERSON RELATION OTHER"],
    arguments: [Command.personArgument,
                ("RELATION", "what OTHER is to PERSON: partner, spouse, parent, child, sibling, friend, colleague, manager, report, or any other word"),
                ("OTHER", "the other person, named as PERSON is")],
    examples: ["crm relate ada partner bob", "crm relate noor colleague theo", "crm relate ada godmother \"Grandma Rose\""],
    discussion: """
    Writes one item in PERSON's related: list, "[[bob-marsh|partner: Bob Marsh]]": OTHER is
    PERSON's RELATION. The relationship is stored once, on PERSON, and shown on both people:
    'crm show OTHER' names it from the other side (partner and partner, spouse and spouse, parent
    and child, sibling and sibling, friend and friend, colleague and colleague, manager and
    report; any other relation as "RELATION of"). Stating it again, on either side, changes
    nothing; two people related another way are unrelated first ('crm unrelate').
    """,
    run: { context in
        let args = try context.positionals("PERSON", "RELATION", "OTHER")
        if let problem = Relationship.relationProblem(args[1]) { throw UsageError("RELATION: " + problem) }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        let other = try vault.find(args[2])
        let (relationship, changed) = try vault.relate(person, args[1], other)
        if context.json {
            context.printJSON(.object([("id", .string(relationship.person.id)), ("path", .string(relationship.person.path)),
                                       ("line", .number(relationship.line)), ("relation", .string(relationship.relation)),
                                       ("other", .string(relationship.other.id)), ("changed", .bool(changed))]))
        } else {
            context.terminal.print((changed ? "" : "Already related: ") + relationship.wording
                                   + " (\(relationship.person.path):\(relationship.line))")
        }
    }
)

let unrelateCommand = Command(
    name: "unrelate",
    summary: "Remove the relationship between two people.",
    usage: ["unrelate PERSON OTHER"],
    arguments: [Command.personArgument, ("OTHER", "the other person, named as PERSON is")],
    examples: ["crm unrelate ada bob"],
    discussion: """
    Removes every related: item between the two, in either person's file (related: itself goes
    when its last item does); other items and the rest of the file stay as they are. Exit status
    1 when they are not related.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "OTHER")
        let vault = try context.vault()
        let removed = try vault.unrelate(try vault.find(args[0]), try vault.find(args[1]))
        if context.json {
            context.printJSON(.array(removed.map { relationship in
                .object([("id", .string(relationship.person.id)), ("path", .string(relationship.person.path)),
                         ("line", .number(relationship.line)), ("relation", .string(relationship.relation)),
                         ("other", .string(relationship.other.id))])
            }))
        } else {
            for relationship in removed {
                context.terminal.print("Removed: \(relationship.wording) (\(relationship.person.path):\(relationship.line))")
            }
        }
    }
)
