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
}
