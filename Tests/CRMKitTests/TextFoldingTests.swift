import Testing
@testable import CRMKit

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
