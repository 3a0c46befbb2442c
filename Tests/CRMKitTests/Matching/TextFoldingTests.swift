import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// One folding for slugs, PERSON matching and search.
@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Øyvind Ås", "oyvind as"), ("José Núñez", "jose nunez"), ("Straße", "strasse"), ("STRAẞE", "strasse"),
        ("Ærø", "aero"), ("Œuvre", "oeuvre"), ("Đorđe", "dorde"), ("Łódź", "lodz"), ("Þóra Ðóttir", "thora dottir"),
        ("İstanbul", "istanbul"), ("ﬁ", "ﬁ"), ("ＡＢＣ１", "abc1"), ("Ελένη", "ελενη"), ("Ada", "ada"),
        // Marks that are part of a letter in other scripts stay.
        ("Сергей", "сергей"), ("ガンダム", "ガンダム"), ("प्रिया", "प्रिया"), ("山田 花子", "山田 花子"),
    ])
    func folds(_ text: String, _ folded: String) {
        #expect(TextFolding.fold(text) == folded)
        #expect(text.folded == folded)
    }

    /// Text of table letters, ASCII and what the table leaves out (combining marks, other
    /// scripts) folds to the same bytes either way: letter by letter where it can, in full
    /// otherwise.
    @Test func foldingByLetterIsTheFullFolding() {
        var random = SeededGenerator(seed: 14)
        let alphabet = Array(0xC0...0x4FF).compactMap(Unicode.Scalar.init) + Array("aZ 9-'.İΣσς\u{301}\u{306}山ガ".unicodeScalars)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
            let string = String(text)
            #expect(Array(TextFolding.fold(string).utf8) == Array(TextFolding.foldedInFull(string).utf8), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(TextFolding.fold("ΟΔΟΣ") == TextFolding.foldedInFull("ΟΔΟΣ"))
        #expect(TextFolding.fold("Ελένη Παπαδοπούλου") == "ελενη παπαδοπουλου")
        #expect(TextFolding.fold("Анна Соколова") == "анна соколова")
    }

    @Test func decomposedAndPrecomposedFoldTheSame() {
        #expect("Nu\u{303}n\u{303}ez".folded == "Núñez".folded)
        #expect("Сергеи\u{306}".folded == "Сергей".folded)
    }

    /// A slug is the folded name with `-` for what is not a letter or digit, so a person is always
    /// matched by the name their file was named after.
    @Test(arguments: ["Øyvind Ås", "José Núñez", "Ærø Ødegård", "Łukasz Żółć", "Ελένη Παπαδοπούλου", "Анна Соколова", "山田 花子", "Þóra"])
    func slugsAreFoldedNames(_ name: String) {
        let slug = Slug.make(name)
        #expect(slug == Slug.make(name.folded))
        #expect(slug.replacingOccurrences(of: "-", with: " ") == name.folded)
    }

    @Test func matchingUsesTheFolding() throws {
        let people = ["Øyvind Ås", "Ærø Ødegård", "Đorđe Balašević"].map { name in
            PersonFacts(document: PersonDocument(bytes: Array("---\nname: \(name)\n---\n".utf8), path: "people/\(Slug.make(name)).md"),
                        id: Slug.make(name))
        }
        #expect(try PersonMatcher.match("oyvind as", in: people.map(\.keys)).id == "oyvind-as")
        #expect(try PersonMatcher.match("AERO ODEGARD", in: people.map(\.keys)).id == "aero-odegard")
        #expect(try PersonMatcher.match("dorde", in: people.map(\.keys)).id == "dorde-balasevic")
    }

    /// `text` folded by `ByteFolding`'s table, or nil where the table does not cover it.
    private func folded(_ text: String) -> String? {
        var out: [UInt8] = []
        var text = text
        return text.withUTF8 { ByteFolding.fold($0, into: &out) } ? String(decoding: out, as: UTF8.self) : nil
    }

    @Test func tableFoldingIsFoundationFoldingForEveryScalarItCovers() {
        var covered = 0
        for value in 0..<0x800 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            guard let fast = folded(text) else { continue }
            covered += 1
            #expect(fast == TextFolding.foldedInFull(text), "U+\(String(value, radix: 16))")
        }
        #expect(covered > 1_000)   // everything below U+0500 but the combining marks
        // Combining marks fold with the letter before them: not by table.
        #expect(folded("e\u{301}") == nil)
        #expect(folded("写真") == nil)
    }

    @Test func tableFoldingOfWholeLinesIsFoundationFolding() {
        // Letters from every covered block, mixed and repeated, as in notes and names.
        let samples = ["Crème brûlée à la façon de Zoë", "SØREN ØDEGÅRD", "Straße", "ǅemal İstanbul ı", "ΟΔΥΣΣΕΥΣ Δημήτρης",
                       "Ольга Иванова ЁЖ й", "ŉ ǰ Œuvre ÆSIR", "Ĳssel ŀl", "Ǆ ǲ ǈ", "plain ASCII Line"]
        var generator = SeededGenerator(seed: 14)
        var random: [String] = []
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...24, using: &generator) {
                let value = Bool.random(using: &generator) ? Int.random(in: 0x20..<0x7F, using: &generator)
                    : [Int.random(in: 0xA0..<0x300, using: &generator), Int.random(in: 0x370..<0x500, using: &generator)].randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned { scalars.append(scalar) }
            }
            random.append(String(scalars))
        }
        #expect(samples.allSatisfy { folded($0) != nil })
        var compared = 0
        for text in samples + random {
            // nil: a combining mark or another script; search then folds the line with Foundation.
            guard let fast = folded(text) else { continue }
            compared += 1
            #expect(fast == TextFolding.foldedInFull(text), "\(text.debugDescription)")
        }
        #expect(compared > 150)
    }

    @Test func aPersonAddedWithLettersThatDoNotDecomposeIsFoundWithout() throws {
        let vault = try TemporaryVault()
        let added = try vault.crm("add", "Øyvind Ås")
        #expect(added.stdout == "Added Øyvind Ås (people/oyvind-as.md)\n")
        for query in ["oyvind as", "OYVIND ÅS", "øyvind", "oyvind-as"] {
            let shown = try vault.crm("show", query, "--json")
            #expect(shown.status == 0, "\(query): \(shown.stderr)")
            #expect(shown.stdout.contains("\"id\": \"oyvind-as\""), "\(query)")
        }
        let search = try vault.crm("search", "oyvind", "--json")
        #expect(search.stdout.contains("\"text\": \"name: Øyvind Ås\""))
        #expect(try vault.crm("add", "Oyvind As").status == 1)   // the same person by the duplicate rule
    }

    @Test(arguments: [("Straße", "strasse"), ("Ærø", "aero"), ("Đorđe", "dorde"), ("Łukasz", "lukasz"), ("Þóra", "thora")])
    func slugMatchingAndSearchFoldTheSame(_ name: String, _ folded: String) throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", name).stdout == "Added \(name) (people/\(folded).md)\n")
        #expect(try vault.crm("show", folded.uppercased(), "--json").stdout.contains("\"id\": \"\(folded)\""))
        #expect(try vault.crm("search", folded, "--json").stdout.contains("\"line\": 2"))
    }
}
