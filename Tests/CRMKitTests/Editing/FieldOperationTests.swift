import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `set`, `unset` and `rename` as library operations: what an app embedding CRMKit calls, with the
/// same rules and messages as the commands.
@Suite struct FieldOperationTests {
    static let file = "---\nname: Ada Lovelace\nphone: \"+44 1\" # home\n---\n"

    @Test func assignmentsParseListsAndRepeatedKeys() throws {
        let parsed = try FieldAssignment.parse(["tags= friends, ,maths", "email=a@x.org", "email=b@x.org", "every=30d"])
        #expect(parsed == [FieldAssignment(key: "tags", value: .list(["friends", "maths"])),
                           FieldAssignment(key: "email", value: .list(["a@x.org", "b@x.org"])),
                           FieldAssignment(key: "every", value: .string("30d"))])
    }

    @Test func listOperatorsGiveOneAssignmentPerItem() throws {
        #expect(try FieldAssignment.parse(["tags+=a, b", "email-=x@y.org", "notes+=c,d"]) == [
            FieldAssignment(key: "tags", operation: .add("a")), FieldAssignment(key: "tags", operation: .add("b")),
            FieldAssignment(key: "email", operation: .remove("x@y.org")), FieldAssignment(key: "notes", operation: .add("c,d")),
        ])
    }

    @Test(arguments: ["phone", "every=fortnightly", "1x=2", "phone=", "every+=2w", "tags-=", "tags=,"])
    func aBadAssignmentIsAnInputError(_ argument: String) {
        #expect(throws: FieldInputError.self) { try FieldAssignment.parse([argument]) }
    }

    @Test func setKeepsTheCommentAndAddsNewKeysAtTheEnd() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.file)
        let v = try Vault(root: vault.path)
        let (written, outcomes) = try v.set(try v.find("ada"), try FieldAssignment.parse(["phone=+44 2", "every=30d"]))
        #expect(outcomes.map(\.changed) == [true, true])
        #expect(written.path == "people/ada.md")
        #expect(vault.read("people/ada.md") == "---\nname: Ada Lovelace\nphone: \"+44 2\" # home\nevery: 30d\n---\n")
        let (_, again) = try v.set(try v.find("ada"), try FieldAssignment.parse(["every=30d"]))
        #expect(again.map(\.changed) == [false])
    }

    @Test func unsetRefusesTheNameAndRemovesOtherKeys() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.file)
        let v = try Vault(root: vault.path)
        #expect(throws: VaultError.self) { try v.unset("ada", keys: ["name"]) }
        #expect(throws: FieldInputError.self) { try v.unset("ada", keys: ["not a key"]) }
        #expect(try v.unset("ada", keys: ["phone", "snooze"]).changes.map(\.changed) == [true, false])
        #expect(vault.read("people/ada.md") == "---\nname: Ada Lovelace\n---\n")
    }

    @Test func renameMovesTheFileAndRefusesATakenNameUnlessForced() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada-lovelace.md", Self.file)
        try vault.write("people/ada-king.md", "---\nname: Ada King\n---\n")
        let v = try Vault(root: vault.path)
        #expect(throws: FieldInputError.self) { try FieldAssignment.name("  ") }
        let error = #expect(throws: VaultError.self) { try v.renameAndRelink(try v.find("ada lovelace"), to: try FieldAssignment.name(" ada king ")) }
        #expect(error?.message.hasSuffix("; use --force to rename anyway") == true)
        let moved = try v.renameAndRelink(try v.find("ada lovelace"), to: "Ada Byron").person
        #expect(moved.path == "people/ada-byron.md")
        #expect(vault.read("people/ada-byron.md") == "---\nname: Ada Byron\nphone: \"+44 1\" # home\n---\n")
        #expect(try v.renameAndRelink(moved, to: "Ada King", force: true).person.path == "people/ada-king-2.md")
    }
}
