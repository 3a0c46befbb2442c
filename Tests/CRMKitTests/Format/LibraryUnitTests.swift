import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite struct DayTests {
    @Test func parsesOnlyRealDates() {
        #expect(Day("2026-11-29") != nil)
        #expect(Day("2028-02-29") != nil)
        #expect(Day("2026-02-29") == nil)
        #expect(Day("2026-13-01") == nil)
        #expect(Day("2026-1-01") == nil)
        #expect(Day("２０２６-11-29") == nil)
    }

    /// `YYYY-MM-DD`, zero-padded; a year past 9999 or before 0 is written as it is.
    @Test func descriptionIsTheDatePadded() {
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        for n in stride(from: -800_000, through: 3_000_000, by: 997) {
            let day = Day(dayNumber: n)
            #expect(day.description == padded(day.year, 4) + "-" + padded(day.month, 2) + "-" + padded(day.day, 2))
        }
        #expect(Day("0001-01-09")?.description == "0001-01-09")
        #expect(Day("9999-12-31")?.description == "9999-12-31")
        #expect(Day(dayNumber: Day("9999-12-31")!.dayNumber + 1).description == "10000-01-01")
    }

    @Test func dayNumbersRoundTrip() {
        for n in stride(from: -800_000, through: 3_000_000, by: 997) {
            #expect(Day(dayNumber: n).dayNumber == n)
        }
        #expect(Day("1970-01-01")!.dayNumber == 0)
        #expect(Day("2000-03-01")!.dayNumber == 11017)
    }

    @Test func monthStepsClampToTheMonthsEnd() {
        #expect(Cadence("1m")!.step(from: Day("2026-01-31")!) == Day("2026-02-28"))
        #expect(Cadence("1m")!.step(from: Day("2028-01-31")!) == Day("2028-02-29"))
        #expect(Cadence("1y")!.step(from: Day("2028-02-29")!) == Day("2029-02-28"))
        #expect(Cadence("2w")!.step(from: Day("2026-12-25")!) == Day("2027-01-08"))
        #expect(Cadence("3m")!.step(from: Day("2026-11-30")!) == Day("2027-02-28"))
    }

    @Test func commandLineDates() throws {
        let today = Day("2026-03-31")!
        #expect(try Day.parseInput("today", today: today, tense: .future) == today)
        #expect(try Day.parseInput("yesterday", today: today, tense: .future) == Day("2026-03-30"))
        #expect(try Day.parseInput("-3d", today: today, tense: .future) == Day("2026-03-28"))
        #expect(try Day.parseInput("-2w", today: today, tense: .future) == Day("2026-03-17"))
        #expect(try Day.parseInput("-1m", today: today, tense: .future) == Day("2026-02-28"))
        #expect(try Day.parseInput("+1y", today: today, tense: .future) == Day("2027-03-31"))
        #expect(throws: DateInputError.self) { try Day.parseInput("-3x", today: today, tense: .future) }
        #expect(throws: DateInputError.self) { try Day.parseInput("2026-02-30", today: today, tense: .future) }
    }

    @Test func pastDatesRefuseFormsThatNameADayToCome() throws {
        let sunday = Day("2026-11-29")!
        #expect(try Day.parseInput("friday", today: sunday, tense: .future) == Day("2026-12-04"))
        #expect(try Day.parseInput("sun", today: sunday, tense: .future) == Day("2026-12-06"))
        #expect(try Day.parseInput("tomorrow", today: sunday, tense: .future) == Day("2026-11-30"))
        #expect(try Day.parseInput("-3d", today: sunday, tense: .past) == Day("2026-11-26"))
        #expect(try Day.parseInput("yesterday", today: sunday, tense: .past) == Day("2026-11-28"))
        #expect(try Day.parseInput("2026-12-25", today: sunday, tense: .past) == Day("2026-12-25"))
        for form in ["tomorrow", "+3d", "+1w", "3d"] {
            #expect(throws: DateInputError.self) { try Day.parseInput(form, today: sunday, tense: .past) }
        }
    }

    @Test func cadencesAreStrict() {
        #expect(Cadence("30d")?.description == "30d")
        for bad in ["30", "d", "0d", "-3d", "+3d", "3.5w", "10000d", "3 d", "3x"] { #expect(Cadence(bad) == nil, "\(bad)") }
    }
}

@Suite struct SlugTests {
    @Test(arguments: [
        ("José Núñez", "jose-nunez"), ("山田 花子", "山田-花子"), ("Анна Соколова", "анна-соколова"),
        ("  Ada   Lovelace  ", "ada-lovelace"), ("a/b\\c", "a-b-c"), ("..", "person"), ("Straße", "strasse"),
        ("line\nbreak\u{7}", "line-break"), ("Ærø Ødegård", "aero-odegard"),
        // Apostrophes, however written, join a word's letters.
        ("Tom O'Brien", "tom-obrien"), ("Joe's Plumbing & Heating", "joes-plumbing-heating"), ("Joe’s Plumbing", "joes-plumbing"),
        ("Dmytro Bilʼyk", "dmytro-bilyk"), ("D´Angelo", "dangelo"), ("Sam ‘The Man’ Lee", "sam-the-man-lee"),
    ])
    func slugs(_ name: String, _ slug: String) {
        #expect(Slug.make(name) == slug)
    }

    @Test func aRenamedFileKeepsTheStyleOfItsName() {
        #expect(Slug.renamed("rosa-diaz", from: "Rosa Díaz", to: "Rosa Díaz García") == "rosa-diaz-garcia")
        #expect(Slug.renamed("sam-lee-2", from: "Sam Lee", to: "Sam Lee Park") == "sam-lee-park")
        #expect(Slug.renamed("tom-o-brien", from: "Tom O'Brien", to: "Tom O'Brian") == "tom-obrian")   // a slug made before apostrophes were dropped
        #expect(Slug.renamed("Rosa Díaz", from: "Rosa Díaz", to: "Rosa Díaz García") == "Rosa Díaz García")
        #expect(Slug.renamed("rosa díaz", from: "Rosa Díaz", to: "Rosa Díaz García") == "Rosa Díaz García")
        #expect(Slug.renamed("ACDC", from: "AC/DC", to: "AC/DC: Live") == "ACDC Live")
        #expect(Slug.renamed("mom", from: "Francesca Rossi", to: "Francesca Bianchi") == nil)
        #expect(Slug.renamed("ada-lovelace-notes", from: "Ada Lovelace", to: "Ada King") == nil)
    }

    @Test func longNamesAreCut() {
        let slug = Slug.make(String(repeating: "Bartholomew ", count: 40))
        #expect(slug.utf8.count <= 80)
        #expect(!slug.hasSuffix("-"))
    }
}

@Suite struct EntryGrammarTests {
    let types = PersonDocument.LogSettings.standard.types

    func parse(_ line: String) -> Interaction? {
        EntryGrammar.interaction(line, types: types)
    }

    @Test func canonicalForms() {
        let call = parse("- 2026-11-28 call: Talked about the punched cards.")
        #expect(call?.type == "call" && call?.note == "Talked about the punched cards." && call?.time == nil)
        let visit = parse("- 2026-11-02 14:30 visit: Tea at her place.")
        #expect(visit?.type == "visit" && visit?.time?.description == "14:30")
        let note = parse("- 2026-10-15: Sent a birthday card.")
        #expect(note?.type == "note" && note?.note == "Sent a birthday card.")
    }

    @Test func wordsThatAreNotTypesStayInTheNote() {
        #expect(parse("- 2026-09-09 Lunch: pasta")?.note == "Lunch: pasta")
        #expect(parse("- 2026-09-09 Lunch: pasta")?.type == "note")
        #expect(parse("- 2026-09-09: call: x")?.note == "call: x")
        #expect(parse("- 2026-09-09 CALL: x")?.type == "call")
        #expect(parse("* [[2026-09-09]] visit: x")?.type == "visit")
        #expect(parse("+ 2026-09-09 12:00: lunch")?.time?.description == "12:00")
    }

    @Test func notEntries() {
        for line in ["- talked to Bob", "-2026-09-09 x", "  - 2026-09-09 x", "- 2026-09-09x", "1. 2026-09-09 x", "- [[2026-09-09] x"] {
            #expect(parse(line) == nil, "\(line)")
        }
        if case .invalid(let column, let message) = EntryGrammar.parse("- 2026-02-30 call: x", types: types) {
            #expect(column == 3 && message == "invalid date '2026-02-30'")
        } else {
            Issue.record("an impossible date is reported")
        }
    }

    @Test func continuationLinesKeepTheirIndentationBeyondTheSharedOneWhateverTheLineEnding() {
        for newline in ["\n", "\r\n"] {
            let text = ["## Interactions", "", "- 2026-03-01 call:   First line.  ", "    second\t", "",
                        "  after a blank line", "  ", "      last", "", "- 2026-02-01: next", "\tTab.", "\t\tTwo tabs.",
                        "  Spaces share no indentation with tabs."].joined(separator: newline) + newline
            let entries = PersonDocument(bytes: Array(text.utf8), path: "x.md").log?.entries ?? []
            #expect(entries.map(\.note) == ["First line.\n  second\n\nafter a blank line\n\n    last",
                                            "next\n\tTab.\n\t\tTwo tabs.\n  Spaces share no indentation with tabs."],
                    "\(newline.debugDescription)")
            #expect(entries.first?.lineCount == 6)
        }
    }

    @Test func theLogHeadingMatchesIgnoringCase() {
        let text = "## INTERAÇÕES\n\n- 2026-03-01 call: Olá\n"
        let settings = PersonDocument.LogSettings(types: ["call"], heading: "Interações")
        #expect(PersonDocument(bytes: Array(text.utf8), path: "x.md", settings: settings).log?.entries.count == 1)
        #expect(InteractionLog.sameIgnoringCase("Interactions", "iNTERACTIONS"))
        #expect(!InteractionLog.sameIgnoringCase("Interactions", "Interaction"))
        #expect(!InteractionLog.sameIgnoringCase("Log", "Lo"))
    }

    @Test func renderedEntriesReadBack() {
        let notes = ["plain", "call: looks like a type", "", "multi\nline\n\nnote", "  spaces  inside", "ends with colon:"]
        for type in types {
            for note in notes {
                for time in [nil, TimeOfDay(hour: 9, minute: 5)] {
                    let entry = Interaction(date: Day("2026-01-02")!, time: time, type: type, note: note)
                    let text = "## Interactions\n\n" + entry.rendered.joined(separator: "\n") + "\n"
                    let doc = PersonDocument(bytes: Array(text.utf8), path: "x.md")
                    let read = doc.log?.entries.first
                    #expect(read?.type == type)
                    #expect(read?.time == time)
                    #expect(read?.note == note.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { String($0).trimmingSpaces }.joined(separator: "\n").trimmingSpaces)
                    #expect(doc.diagnostics.isEmpty)
                }
            }
        }
    }
}

@Suite struct YAMLWriteReadTests {
    /// Generated strings written by `setting` read back as the same string (parse ∘ write).
    @Test func everyWrittenScalarReadsBackTheSame() throws {
        let alphabet = Array("aZ09 :#-'\"\\\t\n{}[],&*!|>%@`?~.+é山🎉\u{7}\u{85}\u{2028}")
        var generator = SystemRandomNumberGenerator()
        var samples = ["", " ", "yes", "No", "~", "null", "0123", "+1", "1e3", ".inf", "2026-01-05", "12:30", "- a", "a: b", "a #b", "#", "'", "\""]
        for _ in 0..<400 {
            let length = Int.random(in: 1...12, using: &generator)
            samples.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        let base = PersonDocument(bytes: Array("---\nname: X\n---\n".utf8), path: "x.md")
        for sample in samples {
            for key in ["nickname", "phone"] {
                let doc = PersonDocument(bytes: try base.setting(key, to: .string(sample)), path: "x.md")
                #expect(doc.frontMatter?[key] .flatMap { node -> String? in
                    if case .scalar(let text, _) = node { return text } else { return nil }
                } == sample, "\(sample.debugDescription)")
                #expect(doc.frontMatter?.hasErrors == false)
                #expect(doc.frontMatter?[key]?.json == .string(sample), "\(sample.debugDescription)")
            }
        }
    }

    @Test func scalarStyles() {
        let text = """
        ---
        a: 'it''s'
        b: "tab\\there \\u00e9 \\x41"
        c: |
          line one
          line two
        d: >-
          folded
          text
        e: [x, "y, z", 'w']
        f:
        g: plain # comment
        ---

        """
        let fm = PersonDocument(bytes: Array(text.utf8), path: "x.md").frontMatter
        #expect(fm?["a"] == .scalar("it's", .singleQuoted))
        #expect(fm?["b"] == .scalar("tab\there é A", .doubleQuoted))
        #expect(fm?["c"] == .scalar("line one\nline two\n", .literal))
        #expect(fm?["d"] == .scalar("folded text", .folded))
        #expect(fm?["e"]?.strings == ["x", "y, z", "w"])
        #expect(fm?["f"] == .empty)
        #expect(fm?["g"] == .scalar("plain", .plain))
        #expect(fm?.hasErrors == false)
    }

    @Test func problemsArePointedAt() {
        let text = "---\nname: Ada\nphone: \"+44\n\tbad: x\nemail: @ada\n---\n"
        let doc = PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
        let messages = doc.diagnostics.map(\.description)
        #expect(messages.contains("people/ada.md:3:8: error: unterminated quoted value [yaml-syntax]"))
        #expect(doc.frontMatter?.hasErrors == true)
        #expect(throws: PersonFileError.self) { try doc.setting("email", to: .string("x")) }
    }
}

@Suite struct UTF8ValidationTests {
    /// Agrees with the standard library on random and tricky byte sequences.
    @Test func agreesWithTheStandardLibrary() {
        var samples: [[UInt8]] = [[], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
                                  Array("héllo wörld 山田 🎉".utf8), [0xEF, 0xBB, 0xBF, 0x41]]
        var generator = SystemRandomNumberGenerator()
        let pool: [UInt8] = [0x41, 0x20, 0x0A, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F, 0x90]
        for _ in 0..<20_000 {
            samples.append((0..<Int.random(in: 1...20, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
        }
        for sample in samples {
            #expect(UTF8Validation.isValid(sample) == (String(validating: sample, as: UTF8.self) != nil), "\(sample)")
        }
    }
}

@Suite struct NameOrderTests {
    /// Byte order of the names, then of the ties, then the position: what `nameOrder` must give.
    func reference(_ names: [String], _ ties: [String]?) -> [Int] {
        names.indices.sorted { a, b in
            let x = Array(names[a].utf8), y = Array(names[b].utf8)
            if x != y { return x.lexicographicallyPrecedes(y) }
            if let ties, Array(ties[a].utf8) != Array(ties[b].utf8) { return Array(ties[a].utf8).lexicographicallyPrecedes(Array(ties[b].utf8)) }
            return a < b
        }
    }

    /// Byte order, not `String`'s `<`: a decomposed accent (`e` + U+0301) sorts by its bytes.
    @Test func sortsAsByteOrder() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "a", "ab", "abcdefgh", "é", "e\u{301}", "山", " ", "-", "z", "people/"]
        for _ in 0..<50 {
            let names = (0..<60).map { _ in (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
            let ties = names.map { _ in pieces.randomElement(using: &generator)! }
            #expect(nameOrder(names) == reference(names, nil))
            #expect(nameOrder(names, ids: ties) == reference(names, ties))
        }
        #expect(nameOrder(["ann-b", "ann", "ann"], ids: ["x", "y", "b"]) == [2, 1, 0])
    }

    /// `due` and `birthdays` put in order only who is shown and the others of the first later
    /// day: the same as ordering everyone by day, then name, then id.
    @Test func upcomingShowsWhatSortingEveryoneShows() {
        var generator = SystemRandomNumberGenerator()
        let today = Day("2026-11-29")!
        for _ in 0..<50 {
            let people = (0..<40).map { i -> (person: PeopleListing.Row, day: Day) in
                var facts = PersonFacts.empty(id: "p\(Int.random(in: 0..<5, using: &generator))-\(i)")
                facts.name = ["Ann", "ann", "Bo", "Émile", "Zoë"].randomElement(using: &generator)!
                facts.sortName = facts.name.folded
                let person = PeopleListing.Row(facts: facts, config: VaultConfig(), today: today)
                return (person, today.adding(days: Int.random(in: -3...6, using: &generator)))
            }
            let horizon = today.adding(days: Int.random(in: -4...7, using: &generator))
            let names = reference(people.map(\.person.sortName), people.map(\.person.id))
            let rank = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
            let everyone = people.indices.sorted { (people[$0].day, rank[$0]!) < (people[$1].day, rank[$1]!) }
            let shown = everyone.prefix { people[$0].day <= horizon }
            let (split, next) = Upcoming.split(people, day: \.day, person: \.person, through: horizon)
            #expect(split.map(\.person.id) == shown.map { people[$0].person.id })
            #expect(next?.person.id == (shown.count < everyone.count ? people[everyone[shown.count]].person.id : nil))
        }
    }
}
