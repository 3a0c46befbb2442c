@testable import CRMFormat
import Testing

/// The one rule for text on a terminal (`VisibleText`) and its JSON twin (`JSON.writeString`).
@Suite struct VisibleTextTests {
    @Test func controlsDeleteC1AndBidiOverridesAreShownAsGitAndLsShowThem() {
        #expect(VisibleText.shown("\u{1B}]52;c;aGk=\u{07}") == "\\e]52;c;aGk=\\a")
        #expect(VisibleText.shown("a\u{0}b\u{8}c\u{B}d\u{C}e\u{1F}") == "a\\x00b\\bc\\vd\\fe\\x1f")
        #expect(VisibleText.shown("x\u{7F}\u{80}\u{85}\u{9B}y") == "x\\x7f\\x80\\x85\\x9by")
        #expect(VisibleText.shown("\u{202A}\u{202E}\u{2066}\u{2069}") == "<U+202A><U+202E><U+2066><U+2069>")
        // Marks, joiners and letters of every script stay as they are.
        #expect(VisibleText.shown("שלום\u{200F} Zoë 山田 👩‍👩‍👧 \\e") == "שלום\u{200F} Zoë 山田 👩‍👩‍👧 \\e")
    }

    @Test func lineBreaksAndTabsPassOnlyWhereTheTextIsMoreThanOneLine() {
        let text = "a\tb\nc\rd\r\n"
        #expect(VisibleText.shown(text) == "a\\tb\\nc\\rd\\r\\n")
        #expect(VisibleText.shown(text, passing: .lineFeedsAndTabs) == "a\tb\nc\\rd\\r\n")
        #expect(VisibleText.shown(text, passing: .lineEnds) == "a\tb\nc\\rd\r\n")
    }

    @Test func bytesThatAreNotUTF8AreShownAsBytes() {
        var out: [UInt8] = []
        VisibleText.append([0x61, 0x9B, 0xC2, 0xC2, 0x9B, 0xE2, 0x80, 0xAE, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80, 0x62][...], passing: .nothing, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "a\\x9b\\xc2\\x9b<U+202E>\\xed\\xa0\\x80\\xf4\\x90\\x80\\x80b")
    }

    @Test func jsonEscapesWhatATerminalWouldShowEscaped() {
        #expect(JSON.string("\u{1B}\u{7F}\u{9B}\u{85}\u{202E}\u{2066}\u{2069}\u{2028}\u{200F}é").rendered()
                == "\"\\u001b\\u007f\\u009b\\u0085\\u202e\\u2066\\u2069\\u2028\u{200F}é\"")
        // Every scalar VisibleText escapes is a \u escape in JSON, and no other but U+2028, U+2029.
        for value in Array(0...0x2100) + Array(0xFFF0...0x10000) {
            guard let scalar = Unicode.Scalar(value), !"\"\\\n\r\t".unicodeScalars.contains(scalar) else { continue }
            let rendered = JSON.string(String(scalar)).rendered()
            #expect(rendered.hasPrefix("\"\\u") == (VisibleText.isEscaped(scalar) || value == 0x2028 || value == 0x2029), "U+\(String(value, radix: 16))")
        }
    }
}
