import Testing
@testable import CRMTerminal

/// Typing into fields, fitting text to cells, and fuzzy matching.
@Suite struct TextFieldAndFuzzyTests {
    private func typed(_ keys: [Key], multiline: Bool = false, start: String = "") -> TextField {
        var field = TextField(start, multiline: multiline)
        for key in keys { field.handle(key) }
        return field
    }

    @Test func editingKeysWorkAsInAShell() {
        #expect(typed("abc".map(Key.character)).text == "abc")
        #expect(typed([.backspace], start: "abc").text == "ab")
        #expect(typed([.left, .left, .character("X")], start: "abc").text == "aXbc")
        #expect(typed([.home, .delete], start: "abc").text == "bc")
        #expect(typed([.control("a"), .character(">")], start: "abc").text == ">abc")
        #expect(typed([.control("w")], start: "call Ada Lovelace").text == "call Ada ")
        #expect(typed([.control("u")], start: "abc").text == "")
        #expect(typed([.home, .control("k")], start: "abc").text == "")
        #expect(!TextField().isMultiline && !{ var f = TextField(); return f.handle(.enter) }())
    }

    @Test func severalLinesTakeEnterAndMoveUpAndDown() {
        let field = typed(["a", "b"].map(Key.character) + [.enter] + ["c"].map(Key.character) + [.up, .character("X")], multiline: true)
        #expect(field.text == "aXb\nc")
        let (lines, cursor) = field.layout(width: 10)
        #expect(lines == ["aXb", "c"])
        #expect(cursor == Position(row: 0, column: 2))
        let wrapped = TextField("山田花子さん", multiline: true).layout(width: 5)
        #expect(wrapped.lines == ["山田", "花子", "さん"])
        #expect(wrapped.cursor == Position(row: 2, column: 4))
    }

    @Test func aLongLineShowsTheCursorsEnd() {
        let field = TextField("abcdefghij")
        let (text, cursor) = field.visibleLine(width: 5)
        #expect(text == "ghij" && cursor == 4)
        #expect(TextField("ab").visibleLine(width: 5) == ("ab", 2))
    }

    @Test func textIsCutAndWrappedToCellsNeverPastThem() {
        var random = SeededGenerator(seed: 0x7E47)
        let words = ["Ada", "Lovelace", "山田", "花子さん", "Соколова", "👍", "e\u{301}te\u{301}", "a-very-long-word-indeed", "", "  "]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            let width = Int.random(in: 2...30, using: &random)
            let cut = TextLayout.truncated(text, width: width)
            #expect(DisplayWidth.of(cut) <= width)
            #expect(cut == text || cut.hasSuffix("…"))
            for line in TextLayout.wrapped(text, width: width) { #expect(DisplayWidth.of(line) <= width, "\(text) at \(width)") }
            // Wrapping loses no word.
            #expect(TextLayout.wrapped(text, width: width).joined(separator: " ").split(separator: " ") == text.split(separator: " ")
                    || text.split(separator: " ").contains { DisplayWidth.of($0) > width })
        }
    }

    @Test func fuzzyMatchingFindsCharactersInOrderAndPrefersCloseOnes() {
        let ada = FuzzyCandidate(["ada lovelace", "ada@example.org"])
        #expect(FuzzyPattern("alv").score(ada) != nil)
        #expect(FuzzyPattern("xyz").score(ada) == nil)
        #expect(FuzzyPattern("ada love").score(ada) != nil)
        #expect(FuzzyPattern("ada zzz").score(ada) == nil)
        let whole = FuzzyPattern("love").score(FuzzyCandidate(["ada lovelace"]))!
        let scattered = FuzzyPattern("love").score(FuzzyCandidate(["l o v e"]))!
        #expect(whole > scattered)
        let start = FuzzyPattern("lov").score(FuzzyCandidate(["lovelace"]))!
        let inside = FuzzyPattern("lov").score(FuzzyCandidate(["glove"]))!
        #expect(start > inside)
        #expect(FuzzyPattern("ada").score(FuzzyCandidate(["ada"]))! > FuzzyPattern("ada").score(FuzzyCandidate(["x", "ada"]))!)
    }

    /// When one pattern narrows another, everything the longer one matches the shorter one
    /// matches too: what lets the filter look only at what matched before.
    @Test func aNarrowedPatternMatchesNoMoreThanTheOneItNarrows() {
        var random = SeededGenerator(seed: 0xF022)
        let letters = Array("adelnorst ")
        func word(_ n: Int) -> String { String((0..<n).map { _ in letters.randomElement(using: &random)! }) }
        for _ in 0..<400 {
            let short = FuzzyPattern(word(Int.random(in: 0...4, using: &random)))
            let long = FuzzyPattern(word(Int.random(in: 0...6, using: &random)))
            guard short.narrows(to: long) else { continue }
            for _ in 0..<20 {
                let candidate = FuzzyCandidate([word(Int.random(in: 0...12, using: &random)), word(Int.random(in: 0...8, using: &random))])
                if long.score(candidate) != nil { #expect(short.score(candidate) != nil) }
            }
        }
    }
}
