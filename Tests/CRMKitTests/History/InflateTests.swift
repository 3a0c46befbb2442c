import Foundation
import Testing
@testable import CRMKit

/// `Inflate` against Python's zlib: what zlib deflates at every level and strategy (fixed and
/// dynamic Huffman blocks, stored blocks, long matches) inflates back to the same bytes, and a
/// chat zipped by Python's `zipfile` (deflated, as WhatsApp zips it) is read as its text.
@Suite("History: inflate")
struct InflateTests {
    @Test("Property: what zlib deflates inflates back equal", arguments: [41, 42] as [UInt64])
    func zlibOracle(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let words = ["Ada", "Lovelace", ":", " ", "\n", "[31.12.23, 21:41:05]", "Привет", "😀", "the", "engine", "é", "0", "1", "\t"]
        var texts: [[UInt8]] = [[], [0x41]]
        for _ in 0..<20 {
            let text = (0..<Int.random(in: 1...3000, using: &random)).map { _ in words.randomElement(using: &random)! }.joined()
            texts.append(Array(text.utf8))
        }
        texts.append((0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) })   // stored blocks over 64 KiB
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inflate-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, text) in texts.enumerated() { try Data(text).write(to: folder.appendingPathComponent("\(index).txt")) }
        let script = """
            import sys, zlib
            folder, count = sys.argv[1], int(sys.argv[2])
            strategies = [zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED]
            for i in range(count):
                data = open(f"{folder}/{i}.txt", "rb").read()
                for level in range(10):
                    for s, strategy in enumerate(strategies):
                        c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
                        open(f"{folder}/{i}-{level}-{s}.deflate", "wb").write(c.compress(data) + c.flush())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder.path, String(texts.count)]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        for (index, text) in texts.enumerated() {
            for level in 0..<10 {
                for strategy in 0..<5 {
                    let stream = Array(try Data(contentsOf: folder.appendingPathComponent("\(index)-\(level)-\(strategy).deflate")))
                    let inflated = try Inflate.bytes(stream, limit: text.count)
                    #expect(inflated == text, "seed \(seed) text \(index) level \(level) strategy \(strategy)")
                }
            }
            #expect(Inflate.crc32(text) == UInt32(truncatingIfNeeded: crc32Python(text, folder: folder, index: index)), "text \(index)")
        }
    }

    /// zlib's CRC-32 of text `index`, written by Python.
    private func crc32Python(_ text: [UInt8], folder: URL, index: Int) -> Int {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, zlib; print(zlib.crc32(open(sys.argv[1], 'rb').read()))",
                             folder.appendingPathComponent("\(index).txt").path]
        process.standardOutput = pipe
        try? process.run()
        process.waitUntilExit()
        return Int(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test("A damaged stream is refused, never read on past its end or back before its start")
    func damaged() throws {
        #expect(throws: Inflate.Failure(message: "the deflate stream ends early")) { try Inflate.bytes([], limit: 10) }
        #expect(throws: Inflate.Failure(message: "a deflate block of the reserved type 3")) { try Inflate.bytes([0x07], limit: 10) }
        #expect(throws: Inflate.Failure(message: "a stored block whose length does not match its complement")) {
            try Inflate.bytes([0x01, 0x05, 0x00, 0x00, 0x00], limit: 10)
        }
        // A fixed block whose first code is a match 1 byte back, with nothing before it.
        #expect(throws: Inflate.Failure(message: "a distance back past the start")) { try Inflate.bytes([0x03, 0x02, 0x00], limit: 10) }
        // "aaaaaaaaaa" (a literal, then a match 9 long): more than the limit allows.
        #expect(throws: Inflate.Failure(message: "it inflates to more than 5 bytes")) { try Inflate.bytes([0x4B, 0x4C, 0x84, 0x01, 0x00], limit: 5) }
        let inflated = try Inflate.bytes([0x4B, 0x4C, 0x84, 0x01, 0x00], limit: 10)
        #expect(inflated == Array("aaaaaaaaaa".utf8))
    }
}
