import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Each known key's rule exists once (`FieldSchema`), so a bad value reads the same from every
/// command that meets it: in a file (`check`, `show`, `list`, `due`) or on the command line
/// (`set`, `add`).
@Suite struct FieldSchemaTests {
    struct BadValue: Sendable, CustomTestStringConvertible {
        var key: String
        /// The line as written in the file.
        var written: String
        /// The value as given to `crm set` and `crm add`.
        var given: String
        /// How `crm add` takes the key: an option, or `nil` for the NAME argument.
        var addArguments: [String]?
        var message: String
        var testDescription: String { "\(key): \(given)" }
    }

    static let badValues = [
        BadValue(key: "birthday", written: "birthday: 1815-13-10", given: "1815-13-10", addArguments: ["Zed", "--birthday", "1815-13-10"],
                 message: "birthday: '1815-13-10' is not a date (YYYY-MM-DD, or --MM-DD without the year)"),
        BadValue(key: "every", written: "every: fortnightly", given: "fortnightly", addArguments: ["Zed", "--every", "fortnightly"],
                 message: "every: 'fortnightly' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y)"),
        BadValue(key: "snooze", written: "snooze: soon", given: "soon", addArguments: nil,
                 message: "snooze: 'soon' is not a date (YYYY-MM-DD)"),
        BadValue(key: "added", written: "added: 2026-02-30", given: "2026-02-30", addArguments: nil,
                 message: "added: '2026-02-30' is not a date (YYYY-MM-DD)"),
        BadValue(key: "connected", written: "connected: 14 Mar 2019", given: "14 Mar 2019", addArguments: nil,
                 message: "connected: '14 Mar 2019' is not a date (YYYY-MM-DD)"),
        BadValue(key: "deceased", written: "deceased: yes", given: "yes", addArguments: nil,
                 message: "deceased: 'yes' is not a date (YYYY-MM-DD, --MM-DD without the year, YYYY-MM or YYYY)"),
        BadValue(key: "dates", written: "dates: 2015-06-20", given: "2015-06-20", addArguments: nil,
                 message: "dates holds a name and a date on each line below it ('  anniversary: 2015-06-20'), not one value"),
        BadValue(key: "name", written: "name: \" \"", given: " ", addArguments: [" "],
                 message: "name cannot be empty"),
        BadValue(key: "related", written: "related: \"[[bob-marsh]]\"", given: "[[bob-marsh]]", addArguments: nil,
                 message: "related: '[[bob-marsh]]' has no relation; write it as '[[bob-marsh|RELATION: Name]]'"),
    ]

    @Test(arguments: badValues) func oneMessageFromEveryCommand(_ bad: BadValue) throws {
        let vault = try TemporaryVault()
        let nameLine = bad.key == "name" ? "" : "name: Kim\n"
        try vault.write("people/kim.md", "---\n\(nameLine)\(bad.written)\ntags: [friends]\n---\n")
        let line = bad.key == "name" ? 2 : 3
        let at = "people/kim.md:\(line):\(bad.key.count + 3)"

        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(at): error: \(bad.message) [invalid-value]\n"), "\(check.stdout)")
        for command in [["show", "kim"], ["list"], ["due"]] {
            let result = try CRM.run(["--vault", vault.path] + command)
            #expect(result.status == 0, "\(command)")
            #expect(result.stderr == "\(at): warning: \(bad.message) [invalid-value]\n", "\(command)")
        }

        let set = try vault.crm("set", "kim", "\(bad.key)=\(bad.given)")
        #expect(set.status == 2)
        #expect(set.stderr.hasPrefix("crm: error: \(bad.message)\n"), "\(set.stderr)")
        if let arguments = bad.addArguments {
            let add = try CRM.run(["--vault", vault.path, "add"] + arguments)
            #expect(add.status == 2)
            #expect(add.stderr.hasPrefix("crm: error: \(bad.message)\n"), "\(add.stderr)")
        }
    }

    @Test func everyKnownKeyIsOneEntry() {
        #expect(PersonDocument.knownKeys == ["name", "contact_id", "phone", "email", "birthday", "tags", "aliases", "every", "snooze", "added",
                                             "connected", "linkedin", "related", "dates", "deceased"])
        #expect(FieldSchema.all.filter(\.isTyped).map(\.key) == ["birthday", "every", "snooze", "added", "connected", "deceased"])
        #expect(FieldSchema.all.filter(\.isMap).map(\.key) == ["dates"])
        #expect(FieldSchema.all.filter(\.alwaysQuoted).map(\.key) == ["contact_id", "phone"])
        #expect(FieldSchema.named("nickname") == nil)
    }

    @Test func textKeysThatAreNotTextHaveOneMessage() {
        let text = "---\nname: [A, B]\ncontact_id: [x]\ntags: {a: b}\n---\n"
        let document = PersonDocument(bytes: Array(text.utf8), path: "people/x.md")
        #expect(document.problems.filter { $0.severity == .error }.map(\.description) == [
            "people/x.md:2:7: error: name must be text [invalid-value]",
            "people/x.md:3:13: error: contact_id must be text [invalid-value]",
            "people/x.md:4:6: error: tags must be text or a list of text [invalid-value]",
        ])
        let noName = PersonDocument(bytes: Array("---\nname:\n---\n".utf8), path: "people/x.md")
        #expect(noName.problems.map(\.description) == ["people/x.md:2:6: error: name cannot be empty [invalid-value]"])
    }

    @Test func aNameCannotBeUnset() throws {
        let vault = try TemporaryVault()
        try vault.write("people/kim.md", "---\nname: Kim\n---\n")
        let result = try vault.crm("unset", "kim", "name")
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: name is required; use 'crm rename' to change it\n")
        #expect(vault.read("people/kim.md") == "---\nname: Kim\n---\n")
    }

    @Test func keysAreYAMLWords() {
        #expect(FieldSchema.keyProblem("nick_name-2") == nil)
        #expect(FieldSchema.keyProblem("2x") == "'2x' is not a valid key (letters, digits, '_' and '-', starting with a letter)")
        #expect(FieldSchema.keyProblem("a b") != nil)
    }
}
