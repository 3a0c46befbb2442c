import Testing
@testable import CRMTerminal

/// Bytes a terminal sends, read as keys.
@Suite struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[3~", .delete),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left),
        ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{8}", .backspace),
        ("\u{13}", .control("s")), ("\u{3}", .control("c")), ("\u{1A}", .control("z")),
        ("a", .character("a")), (" ", .character(" ")), ("é", .character("é")), ("山", .character("山")),
        ("👍", .character("👍")),
    ])
    func sequence(_ text: String, _ key: Key) {
        #expect(keys(Array(text.utf8)) == [key], "\(Array(text.utf8))")
    }

    @Test func aLoneEscIsHeldUntilTheTerminalPauses() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isHolding)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isHolding)
        #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test func aSequenceOrCharacterSplitAcrossReadsIsPutTogether() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode([0x42, 0x6A]) == [.down, .character("j")])
        let bytes = Array("山".utf8)
        #expect(decoder.decode(bytes.prefix(2)) == [])
        #expect(decoder.decode(bytes.suffix(1)) == [.character("山")])
    }

    @Test func unknownSequencesAreDroppedNotTyped() {
        #expect(keys(Array("\u{1B}[200~x\u{1B}[99q".utf8)) == [.character("x")])
        #expect(keys([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
    }

    /// Any keys, written as terminals send them and cut into reads anywhere, come back the same.
    @Test func keysSurviveAnySplitOfTheirBytes() {
        var random = SeededGenerator(seed: 0x6B65_7973)
        let encoded: [(Key, String)] = [
            (.up, "\u{1B}[A"), (.down, "\u{1B}OB"), (.pageDown, "\u{1B}[6~"), (.delete, "\u{1B}[3~"), (.backTab, "\u{1B}[Z"),
            (.enter, "\r"), (.tab, "\t"), (.backspace, "\u{7F}"), (.control("s"), "\u{13}"),
            (.character("a"), "a"), (.character("Ж"), "Ж"), (.character("花"), "花"), (.character("🎉"), "🎉"), (.character("/"), "/"),
        ]
        for _ in 0..<300 {
            let chosen = (0..<Int.random(in: 1...20, using: &random)).map { _ in encoded.randomElement(using: &random)! }
            let bytes = Array(chosen.map(\.1).joined().utf8)
            var decoder = KeyDecoder()
            var got: [Key] = []
            var i = 0
            while i < bytes.count {
                let n = Int.random(in: 1...4, using: &random)
                got += decoder.decode(bytes[i..<min(bytes.count, i + n)])
                i += n
            }
            got += decoder.flush()
            #expect(got == chosen.map(\.0))
        }
    }
}
