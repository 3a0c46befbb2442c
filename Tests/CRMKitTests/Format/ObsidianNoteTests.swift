import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Person notes and templates from public Obsidian vaults and plugins (`notes/` in the public
/// suites folder, see `Tests/README.md`): each note's front matter, as the reader gives it in
/// `properties`, agrees key by key with PyYAML's reading (YAML 1.2 core resolver), made by
/// `Tests/Interop/suite_readings.py` when the tests run, or the key is reported with its line. A
/// key read differently without a word is a misread, and fails.
@Suite(PublicSuites.present, PublicSuites.readable)
struct ObsidianNoteTests {
    /// How the notes, and their keys, came out.
    struct Counts: CustomStringConvertible {
        var notes = Tally()
        var keys = Tally()
        var description: String { "\(notes.total) notes (\(notes)); \(keys.total) keys (\(keys))" }
    }

    struct Tally: CustomStringConvertible {
        var agreeing = 0
        var reported = 0
        var misread: [String] = []
        var total: Int { agreeing + reported + misread.count }
        var description: String { "\(agreeing) agreeing, \(reported) reported, \(misread.count) misread" }
    }

    /// The notes of `notes/` by set (`czottmann/obsidian-people`).
    static let sets: [String: [String]] = Dictionary(
        grouping: PublicSuites.files(under: "notes", endingIn: ".md"), by: { PublicSuites.set(of: $0, under: "notes") })

    static func document(_ file: String) -> PersonDocument {
        let bytes = FileManager.default.contents(atPath: PublicSuites.url("notes/" + file).path) ?? Data()
        return PersonDocument(bytes: Array(bytes), path: "people/" + file)
    }

    /// The reader's `properties` as a JSON value (what `crm show --json` prints).
    static func properties(_ doc: PersonDocument) -> JSONValue? {
        guard let frontMatter = doc.frontMatter else { return nil }
        return JSONValue.parse(Data(JSON.object(frontMatter.properties.map { ($0.key, $0.value.json) }).rendered().utf8))
    }

    /// Compares one note with PyYAML's reading of it, into `counts`.
    static func compare(_ file: String, with reading: PublicSuites.NoteReading, into counts: inout Counts) {
        let doc = document(file)
        let path = "notes/" + file
        let end = doc.frontMatter.map { $0.closeLine + 1 } ?? 1
        let problems = doc.diagnostics.filter { $0.line <= end }
        let ours = properties(doc)
        guard let theirs = reading.properties else {
            if reading.frontMatter == false, doc.frontMatter == nil {
                counts.notes.agreeing += 1
            } else if !problems.isEmpty {
                counts.notes.reported += 1
            } else {
                counts.notes.misread.append("\(path): read \(ours.map { "\($0)" } ?? "no front matter") without a word; PyYAML: \(reading.error ?? "no front matter")")
            }
            return
        }
        guard case .object(let read)? = ours else {
            if problems.isEmpty { counts.notes.misread.append("\(path): no front matter read, without a word; PyYAML reads \(theirs.count) keys") } else { counts.notes.reported += 1 }
            return
        }
        let pairs = doc.frontMatter?.pairs ?? []
        var note = Tally()
        for key in Set(read.keys).union(theirs.keys).sorted() {
            if read[key] == theirs[key] {
                note.agreeing += 1
                continue
            }
            // The lines of the key and its value, or the whole front matter for a key the reader lost.
            let spans = pairs.filter { $0.key == key }.map { ($0.lineIndex + 1)...max($0.lineIndex + 1, $0.endLineIndex) }
            let isReported = problems.contains { problem in spans.isEmpty || spans.contains { $0.contains(problem.line) } }
            if isReported {
                note.reported += 1
            } else {
                note.misread.append("\(path): \(key): read \(read[key].map { "\($0)" } ?? "nothing"), PyYAML \(theirs[key].map { "\($0)" } ?? "nothing")")
            }
        }
        counts.keys.agreeing += note.agreeing
        counts.keys.reported += note.reported
        counts.keys.misread += note.misread
        if !note.misread.isEmpty {
            counts.notes.misread.append(contentsOf: note.misread)
        } else if note.reported > 0 {
            counts.notes.reported += 1
        } else {
            counts.notes.agreeing += 1
        }
    }

    static func counts(of set: String) throws -> Counts {
        let readings = try PublicSuites.requireReadings()
        var counts = Counts()
        for file in sets[set] ?? [] {
            guard let reading = readings.notes[file] else {
                Issue.record("no PyYAML reading of notes/\(file)")
                continue
            }
            compare(file, with: reading, into: &counts)
        }
        return counts
    }

    @Test func theNotesAreHere() throws {
        try PublicSuites.requireFolder()
        #expect(!Self.sets.isEmpty)
    }

    /// Prints `notes SET: N notes (…); K keys (…)` for each set.
    @Test("Each set: every key agrees with PyYAML or is reported", arguments: sets.keys.sorted())
    func set(name: String) throws {
        let counts = try Self.counts(of: name)
        print("notes \(name): \(counts)")
        #expect(counts.notes.misread == [], "\(name)")
    }

    /// `crm show --json` prints the same properties for every note, `crm list` and `crm check`
    /// read them all, and none of them crashes on a template.
    @Test func crmReadsEveryNote() throws {
        try PublicSuites.requireFolder()
        let vault = try TemporaryVault()
        let files = Self.sets.values.joined().sorted()
        for file in files {
            let source = PublicSuites.url("notes/" + file)
            try vault.write("people/" + file, Array(try Data(contentsOf: source)))
        }
        for command in ["list", "check"] {
            let result = try vault.crm(command, "--json")
            #expect([0, 1].contains(result.status), "crm \(command) --json: \(result.status) \(result.stderr)")
            #expect(JSONValue.parse(Data(result.stdout.utf8)) != nil, "crm \(command) --json: \(result.stdout)")
        }
        for file in files {
            let id = String(file.dropLast(".md".count))
            let result = try vault.crm("show", id, "--json")
            #expect(result.status == 0, "crm show \(id): \(result.status) \(result.stderr)")
            guard case .object(let shown)? = JSONValue.parse(Data(result.stdout.utf8)) else {
                Issue.record("crm show \(id) --json: not a JSON object")
                continue
            }
            #expect(shown["properties"] == Self.properties(Self.document(file)) ?? .object([:]), "\(file)")
        }
    }
}

/// The shapes of front matter that Obsidian people notes and templates have (written here after
/// the public notes, not copied from them), as PyYAML with a YAML 1.2 core resolver reads them:
/// the reader gives the same `properties`, or reports the front matter when PyYAML refuses it.
@Suite struct ObsidianFrontMatterShapeTests {
    static func document(_ frontMatter: String) -> PersonDocument {
        PersonDocument(bytes: Array(("---\n" + frontMatter + "---\n\n# Person\n").utf8), path: "people/person.md")
    }

    @Test("Read as YAML 1.2 reads them", arguments: [
        // A template: keys with nothing after them, or only spaces, and list items with nothing.
        ("First Name:\nLast Name:\nEmail:   \ntags:\n  - Person\n",
         #"{"First Name": null, "Last Name": null, "Email": null, "tags": ["Person"]}"#),
        ("aliases: \n  - \nskills:\n  -\n", #"{"aliases": [null], "skills": [null]}"#),
        // Placeholders that YAML reads as text: quoted, or Templater's `<% … %>`.
        (#"uid: "{{date:\\px}}""# + "\nname: <% tp.file.title %>\n",
         #"{"uid": "{{date:\\px}}", "name": "<% tp.file.title %>"}"#),
        // vCard-style keys, as a vCard plugin writes them.
        ("\"EMAIL[HOME]\": a@example.org\nN.GN: Anya\n\"TEL[CELL]\": \"+74951234567\"\nADR[HOME].STREET: 15 Ice Lane\n"
            + "\"ADR[HOME].POSTAL\": \"101000\"\nADR.POSTAL: 560001\nVERSION: \"4.0\"\n",
         #"{"EMAIL[HOME]": "a@example.org", "N.GN": "Anya", "TEL[CELL]": "+74951234567", "ADR[HOME].STREET": "15 Ice Lane", "ADR[HOME].POSTAL": "101000", "ADR.POSTAL": 560001, "VERSION": "4.0"}"#),
        // Links: quoted they are text; bare, `[[x]]` is a list in a list.
        ("company: \"[[Acme]]\"\nfriends:\n  - \"[[Jane Doe]]\"\nboss: [[Acme]]\n",
         #"{"company": "[[Acme]]", "friends": ["[[Jane Doe]]"], "boss": [["Acme"]]}"#),
        // Dates, times and lists written as text.
        ("BDAY: 1991-01-05\nREV: 20250101T120000Z\ncreated: 2024-01-15T10:00:00\nCATEGORIES: Art, Robotics\nORG: \"\"\n",
         #"{"BDAY": "1991-01-05", "REV": "20250101T120000Z", "created": "2024-01-15T10:00:00", "CATEGORIES": "Art, Robotics", "ORG": ""}"#),
        ("FN: kite surf spot \"zandmotor\"\nnick: O'Reilly\n", #"{"FN": "kite surf spot \"zandmotor\"", "nick": "O'Reilly"}"#),
    ])
    func readAsYAML(frontMatter: String, expected: String) {
        let doc = Self.document(frontMatter)
        #expect(ObsidianNoteTests.properties(doc) == JSONValue.parse(Data(expected.utf8)), "\(frontMatter)")
        #expect(!doc.diagnostics.contains { $0.severity == .error }, "\(doc.diagnostics)")
    }

    @Test("Reported where PyYAML refuses them: Obsidian's {{title}}, a value starting with @, ` or %, a tab", arguments: [
        "name: {{title}}\n", "created: {{date}}\n", "tags: [{{tag}}]\n", "handle: @jane\n", "code: `x`\n",
        "uid: %x\n", "a:\tb\n",
    ])
    func reported(frontMatter: String) {
        let doc = Self.document(frontMatter)
        #expect(doc.diagnostics.contains { $0.line == 2 }, "\(frontMatter): \(doc.diagnostics)")
    }

    @Test func crmShowsATemplateWithEmptyValuesAndPlaceholders() throws {
        let vault = try TemporaryVault()
        try vault.write("people/Templates/Person.md", "---\nname:\ntitle: {{title}}\naliases:\n  - \n---\n\n# {{title}}\n")
        let shown = try vault.crm("show", "Templates/Person", "--json")
        #expect(shown.status == 0, "\(shown.stderr)")
        guard case .object(let json)? = JSONValue.parse(Data(shown.stdout.utf8)) else {
            Issue.record("not JSON: \(shown.stdout)")
            return
        }
        #expect(json["properties"] == JSONValue.parse(Data(#"{"name": null, "title": "{{title}}", "aliases": [null]}"#.utf8)))
        let check = try vault.crm("check")
        #expect(check.stdout.contains("people/Templates/Person.md:3:8: warning: unsupported YAML (flow mapping) is kept as written"), "\(check.stdout)")
    }
}
