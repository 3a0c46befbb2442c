@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import Foundation
import Testing

/// A known key whose value is empty only because the rest of its line is a YAML comment
/// (`tags: #friends`, `  - #friends`): `check` says so, and how to write the value.
@Suite struct CommentedOutValueTests {
    func problems(_ frontMatter: String) -> [String] {
        let text = "---\nname: Kim\n" + frontMatter + "---\n"
        return PersonDocument(bytes: Array(text.utf8), path: "people/kim.md").problems.map(\.description)
    }

    /// The sample: `tags: #friends` passed `check` silently.
    @Test func aTagWrittenAsAHashtagIsAComment() throws {
        let vault = try TemporaryVault()
        try vault.write("people/kim.md", "---\nname: Kim\ntags: #friends\n---\n")
        let check = try vault.crm("check")
        #expect(check.status == 0)
        #expect(check.stdout == "people/kim.md:3:7: warning: tags has no value: '#friends' is a YAML comment (a '#' after a space "
                + "starts one); if it is the value, write tags: \"#friends\" or tags: [friends] [commented-out-value]\n")
        let json = try vault.crm("list", "--json")
        #expect(json.stdout.contains("\"tags\": []"), "\(json.stdout)")
    }

    /// Every known key: its value left empty by a comment is reported where the comment starts.
    @Test(arguments: FieldSchema.all.map(\.key))
    func everyKnownKey(_ key: String) {
        let found = problems(key == "name" ? "" : "\(key):   #x1\n").filter { $0.contains("is a YAML comment") }
        if key == "name" {
            // `name: #x1` leaves the person without a name: an error, and the warning saying why.
            let named = PersonDocument(bytes: Array("---\nname: #x1\n---\n".utf8), path: "people/kim.md").problems.map(\.description)
            #expect(named.contains("people/kim.md:2:7: warning: name has no value: '#x1' is a YAML comment (a '#' after a space starts one); "
                                   + "if it is the value, write name: \"#x1\" [commented-out-value]"), "\(named)")
            return
        }
        #expect(found.count == 1, "\(key): \(found)")
        #expect(found.first?.hasPrefix("people/kim.md:3:\(key.count + 5): warning: \(key) has no value: '#x1' is a YAML comment") == true,
                "\(found)")
    }

    @Test func theSuggestionFitsTheKey() {
        #expect(problems("every: #30d\n").contains { $0.hasSuffix("if it is the value, write every: 30d [commented-out-value]") })
        #expect(problems("birthday: # unknown\n").contains { $0.hasSuffix("'# unknown' is a YAML comment (a '#' after a space starts one) [commented-out-value]") })
        #expect(problems("phone: #42\n").contains { $0.hasSuffix("write phone: \"#42\" [commented-out-value]") })
        #expect(problems("aliases: # Kimmy\n").contains { $0.hasSuffix("write aliases: \"# Kimmy\" [commented-out-value]") })
        #expect(problems("tags: #friends #family\n").contains { $0.hasSuffix("write tags: \"#friends #family\" or tags: [friends, family] [commented-out-value]") })
    }

    /// In a flow list a `#` cannot start an item (PyYAML refuses `[#friends]`): an error, not a tag.
    @Test(arguments: ["tags: [#friends]\n", "tags: [a, #b]\n", "aliases: [ #Kimmy ]\n"])
    func aHashInAFlowListIsAnError(_ line: String) {
        #expect(problems(line).contains { $0.contains(": error: ") }, "\(line): \(problems(line))")
    }

    @Test func listItemsLeftEmptyByAComment() {
        let found = problems("tags:\n  - #friends\n  - family\n  -   #2024\n")
        #expect(found == [
            "people/kim.md:4:5: warning: tags has an empty item: '#friends' is a YAML comment (a '#' after a space starts one); "
                + "if it is the value, write - \"#friends\" or - friends [commented-out-value]",
            "people/kim.md:6:7: warning: tags has an empty item: '#2024' is a YAML comment (a '#' after a space starts one); "
                + "if it is the value, write - \"#2024\" or - \"2024\" [commented-out-value]",
        ])
        // An item empty without a comment is still an error.
        #expect(problems("aliases:\n  - #Kimmy\n  -\n").first == "people/kim.md:3:9: error: aliases must be text or a list of text [invalid-value]")
    }

    @Test(arguments: ["tags: \"#friends\"\n", "tags: [friends] # groups\n", "tags: # groups\n  - friends\n", "tags:\n", "email: kim@example.org # work\n",
                      "every:\n"])
    func valuesAndCommentsThatAreNoProblem(_ line: String) {
        #expect(problems(line).isEmpty, "\(line)")
    }
}
