import Foundation
import Testing
@testable import CRMKit

/// Two writers never lose each other's changes.
@Suite struct ConcurrentWriteTests {
    @Test func twoProcessesLoggingFiftyEntriesEachKeepAllHundred() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        let script = """
        for i in $(seq 1 50); do "$CRM" --vault "$VAULT" log ada "$WHO entry $i" >/dev/null || exit 1; done
        """
        let processes = try ["A", "B"].map { who in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = ["CRM": CRM.binary.path, "VAULT": vault.path, "WHO": who, "CRM_TODAY": "2026-11-29", "PATH": "/usr/bin:/bin"]
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let doc = PersonDocument(bytes: vault.bytes("people/ada-lovelace.md"), path: "people/ada-lovelace.md")
        let notes = Set(doc.log?.entries.map(\.note) ?? [])
        #expect(doc.log?.entries.count == 100)
        for who in ["A", "B"] {
            for i in 1...50 { #expect(notes.contains("\(who) entry \(i)")) }
        }
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func anEditSavedWhileCrmWritesIsKeptAndTheChangeReapplied() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        let v = try Vault(root: vault.path)
        let person = try v.find("ada-lovelace")
        var calls = 0
        let entry = Interaction(date: Day("2026-11-28")!, type: "call", note: "From crm.")
        let (written, changed) = try v.update(person) { document in
            calls += 1
            if calls == 1 {
                // An editor saves the file (replacing it, as vim does) after crm read it.
                let edited = String(decoding: document.text.bytes, as: UTF8.self) + "- 2026-11-27 visit: From the editor.\n"
                try FileSystem.replace(vault.path + "/people/ada-lovelace.md", with: Array(edited.utf8), mode: 0o644)
            }
            return try document.adding(entry)
        }
        #expect(changed)
        #expect(calls == 2)
        let notes = written.document.log?.entries.map(\.note)
        #expect(notes == ["From crm.", "From the editor."])
        #expect(vault.read("people/ada-lovelace.md").hasSuffix("## Interactions\n- 2026-11-28 call: From crm.\n- 2026-11-27 visit: From the editor.\n"))
    }

    @Test func writesKeepThePermissions() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let path = vault.url.appendingPathComponent("people/margaret-holloway.md").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try vault.crm("log", "margaret", "Private note.", "--type", "note").status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent("people").path)
            .filter { $0.hasPrefix(".crm-tmp-") }
        #expect(leftovers.isEmpty)
    }
}
