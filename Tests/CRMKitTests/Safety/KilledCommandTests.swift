import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Commands of several steps (`unlog`, `rm`, `rename`, `restore`) killed at random moments leave
/// nothing doubled and no dead link unreported: `crm check` fails while one is half done, and the
/// next write finishes it (docs/safety.md, "Killed half way"). `CRM_KILLS` sets how many kills
/// (100 by default, with a fixed seed; `.ci/run` runs 500).
@Suite struct KilledCommandTests {
    static let people = """
        ---
        name: Ada Lovelace
        aliases: [Ada]
        ---

        ## Interactions

        """

    @Test func killedAtRandomMomentsNothingIsDoubledAndCheckSaysWhatIsHalfDone() throws {
        let kills = ProcessInfo.processInfo.environment["CRM_KILLS"].flatMap(Int.init) ?? 100
        var random = SeededGenerator(seed: ProcessInfo.processInfo.environment["CRM_KILL_SEED"].flatMap(UInt64.init) ?? 30)
        let vault = try TemporaryVault()
        try vault.write("people/ada-lovelace.md", Self.people)
        try vault.write("people/bea-quill.md", "---\nname: Bea Quill\n---\n\n## Interactions\n\n- 2026-11-20 call: Talked about [[ada-lovelace]] and [[Ada]].\n")
        try vault.write("Notes/ideas.md", "Ask [[ada-lovelace|Ada]] about the engine.\n")
        var entry = 0
        var halfDone = 0, killed = 0
        var byOperation: [String: Int] = [:]
        for attempt in 0..<kills {
            let ada = Self.ada(vault)
            // Enough to work on: entries to remove, someone to remove, something to put back.
            if Self.entries(vault, ada).count < 3 {
                for _ in 0..<3 { entry += 1; try vault.crm("log", ada.id, "Entry \(entry)") }
            }
            if !vault.exists("people/dan-moss.md") { try vault.write("people/dan-moss.md", "---\nname: Dan Moss\n---\n") }
            let operations: [[String]] = [
                ["unlog", ada.id, "1"], ["rm", "dan-moss", "--yes"], ["restore", "dan-moss"], ["restore", "entry"],
                ["rename", ada.id, ada.name == "Ada Lovelace" ? "Ada Byron" : "Ada Lovelace"],
            ]
            var arguments = operations[Int.random(in: 0..<operations.count, using: &random)]
            if arguments == ["restore", "entry"] {
                guard let item = ((try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash")) ?? []).filter({ $0.hasSuffix(".entry.md") }).sorted().last else { continue }
                arguments = ["restore", item]
            }
            byOperation[arguments[0], default: 0] += 1
            let process = try CRM.start(["--vault", vault.path] + arguments)
            usleep(UInt32.random(in: 0...80_000, using: &random))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()

            let problems = Self.problems(vault)
            if vault.exists(".crm/unfinished") || !problems.isEmpty {
                halfDone += 1
                let check = try vault.crm("check")
                #expect(check.status != 0, "attempt \(attempt) (\(arguments)): half done (\(problems)) but check exits 0: \(check.stdout)")
                #expect(check.stdout.contains(".crm/unfinished:1:1: error:") || !vault.exists(".crm/unfinished"))
            }
            // The next write finishes it; then nothing is doubled and no link is dead.
            let fmt = try vault.crm("fmt")
            #expect(fmt.status == 0, "attempt \(attempt): \(fmt.stderr)")
            #expect(!vault.exists(".crm/unfinished"))
            #expect(Self.problems(vault).isEmpty, "attempt \(attempt) (\(arguments)) left, after the next write: \(Self.problems(vault))")
            let check = try vault.crm("check")
            #expect(!check.stdout.contains("is dead"), "attempt \(attempt) (\(arguments)): \(check.stdout)")
        }
        print("KilledCommandTests: \(kills) runs, \(killed) killed while running (\(byOperation.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), \(halfDone) left something half done")
    }

    /// Ada, whatever her name is now.
    static func ada(_ vault: TemporaryVault) -> (id: String, name: String) {
        vault.exists("people/ada-byron.md") ? ("ada-byron", "Ada Byron") : ("ada-lovelace", "Ada Lovelace")
    }

    static func entries(_ vault: TemporaryVault, _ ada: (id: String, name: String)) -> [String] {
        PersonDocument(bytes: vault.bytes("people/\(ada.id).md"), path: "people/\(ada.id).md").log?.entries.map(\.note) ?? []
    }

    /// What is wrong in the vault: an entry twice in Ada's file, or both there and in the trash; Ada
    /// or Dan in two files; Ada's file name and name not matching; a link to Ada's old id.
    static func problems(_ vault: TemporaryVault) -> [String] {
        var found: [String] = []
        let people = (try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/people")) ?? []
        let adas = people.filter { $0.hasPrefix("ada-") }
        if adas.count != 1 { found.append("Ada's files: \(adas)") }
        if people.filter({ $0.hasPrefix("dan-moss") }).count > 1 { found.append("Dan's files: \(people)") }
        let ada = ada(vault)
        let notes = entries(vault, ada)
        if Set(notes).count != notes.count { found.append("an entry twice: \(notes)") }
        let trash = (try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash")) ?? []
        for name in trash where name.hasSuffix(".entry.md") && !name.hasPrefix(".") {
            let lines = vault.read(".crm/trash/" + name).split(separator: "\n")
            if let line = lines.last, let note = line.split(separator: ": ", maxSplits: 1).last, notes.contains(String(note)) {
                found.append("\(note) in the file and in the trash (\(name))")
            }
        }
        if trash.contains(where: { $0.hasSuffix("dan-moss.md") }), people.contains("dan-moss.md"),
           let a = FileSystem.stamp(vault.path + "/people/dan-moss.md"),
           trash.contains(where: { FileSystem.stamp(vault.path + "/.crm/trash/" + $0)?.inode == a.inode }) {
            found.append("Dan in people/ and in the trash, one file")
        }
        let name = PersonDocument(bytes: vault.bytes("people/\(ada.id).md"), path: "").name
        if name != ada.name { found.append("people/\(ada.id).md is named \(name)") }
        let old = ada.id == "ada-byron" ? "ada-lovelace" : "ada-byron"
        for file in ["people/bea-quill.md", "Notes/ideas.md"] where vault.read(file).contains("[[\(old)") {
            found.append("\(file) links \(old)")
        }
        return found
    }
}
