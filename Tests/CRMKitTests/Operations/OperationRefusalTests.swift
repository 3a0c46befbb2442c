import Foundation
import Testing
import CRMFormat
import CRMKit
import CRMVault

/// The operations `crm` calls refuse, in the library, what the command line refuses, in its
/// words: a usage error (exit status 2) is a `FieldInputError`, any other refusal (exit status
/// 1) a `VaultError`; nothing is written either way.
@Suite struct OperationRefusalTests {
    private let today = Day("2026-11-29")!

    /// `crm ARGUMENTS` fails as the library's `operation` does: the same message, exit status 2
    /// for a `FieldInputError` and 1 for a `VaultError`.
    private func expectSameRefusal(_ vault: TemporaryVault, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
                                   _ operation: () throws -> Any) throws {
        let crm = try CRM.run(["--vault", vault.path] + arguments)
        let firstLine = crm.stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        do {
            _ = try operation()
            Issue.record("the library did what 'crm \(arguments.joined(separator: " "))' refuses", sourceLocation: sourceLocation)
        } catch let error as FieldInputError {
            #expect(crm.status == 2 && firstLine == "crm: error: \(error.message)", "\(arguments): \(crm.stderr)", sourceLocation: sourceLocation)
        } catch let error as VaultError {
            // After the warnings of reading an address book, if any.
            #expect(crm.status == 1 && crm.stderr.hasSuffix("crm: error: \(error.message)\n"), "\(arguments): \(crm.stderr)", sourceLocation: sourceLocation)
        }
        #expect(crm.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func snoozeSetAndUnsetRefuseWhatCrmRefuses() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.files()
        let library = try Vault(root: vault.path)
        try expectSameRefusal(vault, ["snooze", "lena-marsh", "2026-11-01"]) {
            try library.snooze("lena-marsh", until: Day("2026-11-01")!, today: today)
        }
        for assignment in ["every=fortnightly", "phone", "every+=2w", "tags+=", "1x=2", "email="] {
            try expectSameRefusal(vault, ["set", "lena-marsh", assignment]) {
                try library.set("lena-marsh", typed: [assignment])
            }
        }
        for key in ["name", "not a key"] {
            try expectSameRefusal(vault, ["unset", "lena-marsh", key]) { try library.unset("lena-marsh", keys: [key]) }
        }
        #expect(vault.files() == before)
    }

    @Test func relateAndUnrelateRefuseWhatCrmRefuses() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.files()
        let library = try Vault(root: vault.path)
        for (relation, other) in [("god:mother", "theo-vance"), ("partner", "lena-marsh"), ("", "theo-vance"), ("friend", "Bob | Marsh")] {
            try expectSameRefusal(vault, ["relate", "lena-marsh", relation, other]) {
                try library.relate("lena-marsh", relation, other)
            }
        }
        for other in ["theo-vance", "Bob Marsh"] {
            try expectSameRefusal(vault, ["unrelate", "lena-marsh", other]) {
                try library.unrelate("lena-marsh", other)
            }
        }
        #expect(vault.files() == before)
    }

    @Test func removeAndRestoreRefuseWhatCrmRefuses() throws {
        let vault = try TemporaryVault(copyingExample: true)
        #expect(try vault.crm("unlog", "lena-marsh", "1").status == 0)
        #expect(try vault.crm("unlog", "lena-marsh", "2").status == 0)
        let before = vault.files()
        let library = try Vault(root: vault.path)
        let clock = try Clock(environment: ["CRM_TODAY": "2026-11-29"])
        try expectSameRefusal(vault, ["rm", "nobody-at-all", "--yes"]) {
            try library.remove("nobody-at-all", clock: clock)
        }
        // Nothing matches; both entries in the trash match.
        for name in ["piano", "lena"] {
            try expectSameRefusal(vault, ["restore", name]) { try library.restore(named: name) }
        }
        #expect(vault.files() == before)
    }

    @Test func renameAndAddRefuseWhatCrmRefuses() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.files()
        let library = try Vault(root: vault.path)
        try expectSameRefusal(vault, ["rename", "lena-marsh", "  "]) { try library.rename("lena-marsh", to: "  ") }
        try expectSameRefusal(vault, ["rename", "lena-marsh", "Theo Vance"]) {
            try library.rename("lena-marsh", to: "Theo Vance")
        }
        try expectSameRefusal(vault, ["add", " "]) { try library.add(AddRequest(.typed(name: " ")), today: today) }
        try expectSameRefusal(vault, ["add", "Ann Other", "--birthday", "1990-13-01"]) {
            try library.add(AddRequest(.typed(name: "Ann Other", birthday: "1990-13-01")), today: today)
        }
        try expectSameRefusal(vault, ["add", "Ann Other", "--every", "fortnightly"]) {
            try library.add(AddRequest(.typed(name: "Ann Other"), every: "fortnightly"), today: today)
        }
        let crm = try vault.crm("add", "lena marsh")
        let error = #expect(throws: Vault.DuplicatePerson.self) { try library.add(AddRequest(.typed(name: "lena marsh")), today: today) }
        #expect(crm.status == 1 && error.map { "crm: error: \($0.description); use --force to add another\n" } == crm.stderr)
        // A contact without a name, through the operation and through the public API.
        try vault.write("nameless.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\r\nEMAIL:who@example.org\r\nEND:VCARD\r\n")
        let book = try ContactBook.load(vault.path + "/nameless.vcf")
        try #require(book.contacts.count == 1)
        try expectSameRefusal(vault, ["add", "--from", vault.path + "/nameless.vcf"]) {
            try library.add(AddRequest(.contact(book.contacts[0], source: "nameless.vcf")), today: today)
        }
        #expect(throws: VaultError.self) { try library.add(book.contacts[0], options: NewPersonOptions(today: today)) }
        try FileManager.default.removeItem(atPath: vault.path + "/nameless.vcf")
        #expect(vault.files() == before)
    }
}
