@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import Foundation
import Testing

/// What the library does itself now that it is built on FoundationEssentials: Unicode
/// normalization as Foundation's (with ICU) does it, and a lock that keeps threads apart.
@Suite struct EssentialsReplacementTests {
    @Test("NFD and NFC are Foundation's, for Latin, Greek, Cyrillic, Hangul, kana and lone marks (seeded)")
    func normalizationMatchesFoundation() {
        var random = SeededGenerator(seed: 0xE55E_0001)
        let alphabet = (Array(0xC0...0x24F) + Array(0x370...0x4FF) + Array(0x1E00...0x1FFF) + Array(0xAC00...0xAC40)
            + Array(0x3040...0x30FF) + Array(0x300...0x36F) + [0x41, 0x65, 0x20, 0x308, 0x323, 0x1100, 0x1161, 0x11A8])
            .compactMap(Unicode.Scalar.init)
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...10, using: &random) { scalars.append(alphabet.randomElement(using: &random)!) }
            let text = String(scalars)
            let codes = text.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(TextFolding.decomposed(text) == Array(text.decomposedStringWithCanonicalMapping.unicodeScalars), "\(codes)")
            #expect(Array(TextFolding.composed(text).unicodeScalars) == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars), "\(codes)")
        }
        #expect(TextFolding.composed("e\u{301}") == "\u{E9}")
        #expect(TextFolding.decomposed("\u{E9}") == ["e", "\u{301}"])
    }

    @Test("Lock: threads counting under it lose no count")
    func lock() async {
        final class Counter: @unchecked Sendable {
            let lock = Lock()
            var value = 0
        }
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } } }
            }
        }
        #expect(counter.value == 80_000)
    }
}
