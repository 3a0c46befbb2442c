import Foundation
import Testing
import CRMFormat
import CRMKit
import CRMVault

/// `Vault.done(_:today:)` and `Vault.unlog(_:clock:)`, the operations `crm done`, `crm unlog` and
/// `crm browse` share: they refuse what the command line refuses, in its words.
@Suite struct DoneOperationTests {
    @Test func theLibrarysDoneAndUnlogRefuseWhatCrmRefusesInItsWords() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.files()
        let library = try Vault(root: vault.path)
        let clock = try Clock(environment: ["CRM_TODAY": "2026-11-29"])
        // 3: a done entry; 9: no such item; two open items hold 'Leeds'; none holds 'piano'.
        for text in ["3", "9", "Leeds", "piano"] {
            let crm = try vault.crm("done", "lena-marsh", text)
            #expect(crm.status == 1 && crm.stdout.isEmpty, "\(text): \(crm.stdout)")
            let error = #expect(throws: VaultError.self) {
                try library.done(DoneRequest(person: "lena-marsh", item: .named(text)), today: clock.today)
            }
            #expect(error.map { "crm: error: \($0.message)\n" } == crm.stderr, "\(text)")
        }
        let crm = try vault.crm("unlog", "lena-marsh", "9")
        #expect(crm.status == 1)
        let error = #expect(throws: VaultError.self) { try library.unlog(UnlogRequest(person: "lena-marsh", number: 9), clock: clock) }
        #expect(error.map { "crm: error: \($0.message)\n" } == crm.stderr)
        #expect(try vault.crm("unlog", "lena-marsh", "0").status != 0)
        #expect(throws: VaultError.self) { try library.unlog(UnlogRequest(person: "lena-marsh", number: 0), clock: clock) }
        #expect(vault.files() == before)
    }
}
