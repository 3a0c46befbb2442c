import Foundation
import Testing
@testable import CRMTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The width table against Python's `unicodedata` and glibc's `wcwidth` for every code point,
/// and grapheme clusters as terminals draw them.
@Suite struct DisplayWidthTests {
    #if canImport(Glibc)
    /// tmux and xterm on Linux draw a code point in the cells glibc's `wcwidth` gives it: every
    /// code point assigned in the table's Unicode version that `wcwidth` knows (it says -1 for
    /// the ones it does not, and for control characters and the line and paragraph separators,
    /// which the table makes 0: they are never printed raw) takes as many cells in the table.
    /// Spacing marks (`प्रिया शर्मा`'s vowel signs, a Balinese virama) took 0 cells.
    @Test func everyCodePointTakesTheCellsGlibcGivesIt() throws {
        try #require(setlocale(LC_ALL, "C.UTF-8") != nil, "no C.UTF-8 locale")
        // glibc's headers declare wcwidth only for X/Open programs, so Swift does not see it: look it up.
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"), "no wcwidth in the C library")
        let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
        let version = DisplayWidth.unicodeVersion.split(separator: ".").compactMap { Int($0) }
        var wrong: [String] = [], compared = 0
        for value in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                  (age.major, age.minor) <= (version[0], version[1]) else { continue }
            let cells = Int(wcwidth(wchar_t(value)))
            guard cells >= 0 else { continue }
            compared += 1
            if DisplayWidth.of(scalar) != cells, wrong.count < 20 {
                wrong.append(String(format: "U+%04X: %d, wcwidth says %d", value, DisplayWidth.of(scalar), cells))
            }
        }
        #expect(compared > 100_000)
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(DisplayWidth.of("प्रिया शर्मा") == 10)
    }
    #endif

    @Test func everyCodePointHasTheWidthUnicodeDataGivesIt() throws {
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/generate_width_table.py").path
        let version = try python(["-c", "import unicodedata; print(unicodedata.unidata_version, end='')"])
        try #require(version == DisplayWidth.unicodeVersion,
                     "Python's unicodedata is Unicode \(version), the table \(DisplayWidth.unicodeVersion): run python3 Scripts/generate_width_table.py")
        let widths = Array(try python([script, "--dump"]).utf8)
        try #require(widths.count == 0x110000)
        var wrong: [String] = []
        for value in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(value) else { continue }   // surrogates are not scalars
            let expected = Int(widths[Int(value)] - UInt8(ascii: "0"))
            if DisplayWidth.of(scalar) != expected, wrong.count < 10 {
                wrong.append(String(format: "U+%04X: %d, Unicode data says %d", value, DisplayWidth.of(scalar), expected))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    private func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 \(arguments.first ?? "") failed")
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: [
        ("Ada", 3), ("山田 花子", 9), ("Анна Соколова", 13), ("José Núñez", 10),
        ("e\u{301}", 1),                  // e and a combining acute: one cell
        ("👍", 2), ("👍🏽", 2), ("❤", 1), ("❤️", 2),   // the heart is narrow until U+FE0F asks for the emoji
        ("🇯🇵", 2),                       // a flag: two regional indicators
        ("👨‍👩‍👧", 2),                       // a family: one cluster joined by ZWJ
        ("\u{200B}", 0), ("ｆｕｌｌ", 8), ("한국어", 6),
    ])
    func clusters(_ text: String, _ cells: Int) {
        #expect(DisplayWidth.of(text) == cells, "\(text)")
    }

    /// A string's width is the sum of its clusters' widths, whatever it holds.
    @Test func aStringTakesWhatItsClustersTake() {
        var random = SeededGenerator(seed: 0x3D17)
        let pieces = ["a", "Ж", "山", "e\u{301}", "👍", "👍🏽", "❤️", "🇯🇵", "👨‍👩‍👧", "1️⃣", "한", "\u{200B}", "ｆ", " ", "\u{301}"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
