import CRMKit

let addCommand = Command(
    name: "add",
    summary: "Add a person, with fields from flags.",
    usage: ["add NAME [--phone P]… [--email E]… [--tag T]… [--every C] [--birthday D] [--contact-id ID] [--force]"],
    arguments: [("NAME", "the person's display name; the file is people/<slug-of-name>.md")],
    options: [
        OptionSpec(name: "--phone", value: "P", help: "a phone number (repeat for several; the first is primary)", repeatable: true),
        OptionSpec(name: "--email", value: "E", help: "an email address (repeat for several; the first is primary)", repeatable: true),
        OptionSpec(name: "--tag", value: "T", help: "a tag (repeat for several)", repeatable: true),
        OptionSpec(name: "--every", value: "C", help: "stay-in-touch cadence: 10d, 2w, 3m, 1y"),
        OptionSpec(name: "--birthday", value: "D", help: "YYYY-MM-DD, or --MM-DD when the year is unknown"),
        OptionSpec(name: "--contact-id", value: "ID", help: "the address-book id (vCard UID) of this person"),
        OptionSpec(name: "--force", help: "add even when someone has the same name or contact id"),
    ],
    examples: [
        "crm add \"Ada Lovelace\" --email ada@example.org --phone \"+44 20 7946 0018\" --tag friends --every 30d",
        "crm add \"Grandma Rose\" --tag family --birthday --04-12",
    ],
    run: { context in
        let name = try context.positionals("NAME")[0].trimmingCharactersInSpaces
        guard !name.isEmpty else { throw UsageError("NAME is empty") }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw UsageError("NAME must be one line of text, without control characters")
        }
        let args = context.arguments
        var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
        if let id = args.value("--contact-id") { fields.append(("contact_id", .string(id))) }
        for (key, option) in [("phone", "--phone"), ("email", "--email")] {
            let values = args.all(option)
            if values.count == 1 { fields.append((key, .string(values[0]))) }
            if values.count > 1 { fields.append((key, .list(values))) }
        }
        if let birthday = args.value("--birthday") {
            guard FieldValue.isTypedValue(birthday, key: "birthday") else {
                throw UsageError("--birthday: '\(birthday)' is not YYYY-MM-DD or --MM-DD")
            }
            fields.append(("birthday", .string(birthday)))
        }
        if !args.all("--tag").isEmpty { fields.append(("tags", .list(args.all("--tag")))) }
        if let every = args.value("--every") { fields.append(("every", .string(try context.cadence(every, option: "--every").description))) }
        fields.append(("added", .string(try context.today().description)))

        let vault = try context.vault()
        if !args.flag("--force") {
            let people = vault.loadAll().people
            let contactID = args.value("--contact-id")
            if let same = people.first(where: { $0.name.folded == name.folded || (contactID != nil && $0.document.contactID == contactID) }) {
                throw Failure("\(same.path) already tracks \(same.name)\(same.name.folded == name.folded ? "" : " with that contact id"); use --force to add another")
            }
        }
        let person = try vault.create(slug: Slug.make(name), bytes: NewPersonFile.render(fields, heading: vault.config.heading))
        if context.json {
            context.printJSON(person.showJSON(config: vault.config, today: try context.today()))
        } else {
            context.terminal.print("Added \(person.name) (\(person.path))")
        }
    }
)

extension String {
    var trimmingCharactersInSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
