import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

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

/// Editors that save while `crm` writes, and writes that fail.
@Suite struct EditorRaceTests {
    /// Saves `text` the way VS Code does: the same file truncated and rewritten in place.
    static func saveInPlace(_ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Saves `text` the way vim and syncthing do: a new file renamed over the old one.
    static func saveByRename(_ path: String, _ text: String) throws {
        try FileSystem.replace(path, with: Array(text.utf8), mode: 0o644)
    }

    @Test(arguments: [("in place", false), ("by rename", true)])
    func anEditorSaveBetweenReadAndWriteIsKept(_ how: String, _ rename: Bool) throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        let v = try Vault(root: vault.path)
        let file = vault.path + "/people/ada-lovelace.md"
        var calls = 0
        _ = try v.update(try v.find("ada-lovelace")) { document in
            calls += 1
            if calls == 1 {
                // Same length as the line it replaces, so only the content tells the versions apart.
                let edited = String(decoding: document.text.bytes, as: UTF8.self).replacingOccurrences(of: "name: Ada Lovelace", with: "name: Ada LOVELACE")
                try rename ? Self.saveByRename(file, edited) : Self.saveInPlace(file, edited)
            }
            return try document.adding(Interaction(date: Day("2026-11-28")!, type: "call", note: "From crm."))
        }
        #expect(calls == 2, "\(how)")
        let text = vault.read("people/ada-lovelace.md")
        #expect(text.contains("name: Ada LOVELACE\n"))
        #expect(text.contains("- 2026-11-28 call: From crm.\n"))
    }

    @Test func aFileThatKeepsChangingIsRefusedWithAClearMessage() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        let v = try Vault(root: vault.path)
        let file = vault.path + "/people/ada-lovelace.md"
        var calls = 0
        #expect {
            try v.update(try v.find("ada-lovelace")) { document in
                calls += 1
                try Self.saveByRename(file, String(decoding: document.text.bytes, as: UTF8.self) + "edit \(calls)\n")
                return try document.adding(Interaction(date: Day("2026-11-28")!, type: "call", note: "From crm."))
            }
        } throws: { error in
            (error as? VaultError)?.message == "people/ada-lovelace.md kept changing while it was being written; nothing was changed, try again"
        }
        #expect(!vault.read("people/ada-lovelace.md").contains("From crm."))
        #expect(vault.read("people/ada-lovelace.md").hasSuffix("edit 5\n"))
    }

    @Test(arguments: [ENOSPC, EIO, EACCES])
    func aFailedWriteLeavesTheOriginalAndSaysWhy(_ code: Int32) throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.bytes("people/margaret-holloway.md")
        let v = try Vault(root: vault.path)
        let person = try v.find("margaret-holloway")
        #expect {
            try FileSystem.$simulatedWriteFailure.withValue(code) {
                try v.update(person) { try $0.adding(Interaction(date: Day("2026-11-29")!, type: "call", note: "Lost?")) }
            }
        } throws: { error in
            (error as? FileSystemError)?.description == "\(vault.path)/people/margaret-holloway.md: cannot write: \(String(cString: strerror(code)))"
        }
        #expect(vault.bytes("people/margaret-holloway.md") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent("people").path)
            .filter { $0.hasPrefix(".crm-tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// An editor saving over and over (read the file, change a line, write a new file, rename it
    /// over the old one: what vim, syncthing and most editors do) while crm writes the same file as
    /// fast as it can: none of the editor's 5,000 saves is lost. Each save raises the count on one
    /// line; the editor finds its last count there when it reads again, unless crm wrote over its
    /// save. Such saves, landing between crm's last look and its rename, were lost (26 of 5,720)
    /// before crm swapped its file in (`renameat2(RENAME_EXCHANGE)`) and compared what came out.
    @Test func noneOfFiveThousandEditorSavesIsLostWhileCrmWrites() throws {
        let vault = try TemporaryVault()
        let file = vault.path + "/people/ada-lovelace.md"
        try vault.write("people/ada-lovelace.md", "---\nname: Ada Lovelace\n---\n\nEditor save 0\n\n## Interactions\n")
        let v = try Vault(root: vault.path)
        let saves = 5000
        nonisolated(unsafe) var editing = true
        nonisolated(unsafe) var written = 0
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            while editing {
                guard let person = try? v.find("ada-lovelace") else { continue }
                let entry = Interaction(date: Day("2026-11-28")!, type: "call", note: "crm \(written)")
                if (try? v.update(person) { try $0.adding(entry) })?.changed == true { written += 1 }
            }
        }
        let temporary = vault.path + "/people/.ada-lovelace.md.swp"
        var lost: [Int] = []
        func count(_ text: String) -> (Range<String.Index>, Int?)? {
            guard let at = text.range(of: "Editor save "), let end = text[at.upperBound...].firstIndex(of: "\n") else { return nil }
            return (at.upperBound..<end, Int(text[at.upperBound..<end]))
        }
        for save in 1...saves {
            var text = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
            if count(text)?.1 != save - 1 {
                // Read while crm was between swapping its file in and swapping the save back? Wait
                // for its write to end (it holds the vault lock) and look again: lost if still gone.
                try FileSystem.withLock(on: vault.path) { text = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self) }
                if count(text)?.1 != save - 1 { lost.append(save - 1) }
            }
            guard let (range, _) = count(text) else {
                Issue.record("the editor's line is gone: \(text)")
                break
            }
            let (at, end) = (range.lowerBound, range.upperBound)
            try Data((text[..<at] + "\(save)" + text[end...]).utf8).write(to: URL(fileURLWithPath: temporary))
            #expect(rename(temporary, file) == 0)
        }
        editing = false
        done.wait()
        if !vault.read("people/ada-lovelace.md").contains("Editor save \(saves)\n") { lost.append(saves) }
        #expect(lost.isEmpty, "\(lost.count) of \(saves) editor saves lost while crm wrote \(written) times")
        #expect(written > 0)
    }
}
