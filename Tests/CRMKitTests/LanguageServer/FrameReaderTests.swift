@testable import CRMLanguageServer
import Foundation
import Testing

/// Frames as an editor sends them: in pieces over time, a header cut anywhere, several frames
/// in one write.
@Suite struct FrameReaderTests {
    @Test func framesArrivingInPiecesAreReadWhole() throws {
        let bodies = [#"{"long":"\#(String(repeating: "x", count: 200))"}"#, #"{"a":1}"#, #"{"text":"é 🎻"}"#, "{}", #"{"b":[1,2,3]}"#, #"{"c":null}"#]
        let framed = bodies.map { "Content-Length: \($0.utf8.count)\r\n\r\n" + $0 }
        // A long frame whole, then a short one cut inside its header, one cut inside its body,
        // and the last three in one write.
        let second = Array(framed[1].utf8), third = Array(framed[2].utf8)
        let pieces: [[UInt8]] = [Array(framed[0].utf8), Array(second[..<7]), Array(second[7...]) + Array(third[..<25]), Array(third[25...]),
                                 Array((framed[3] + framed[4] + framed[5]).utf8)]
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for piece in pieces {
                writer.write(Data(piece))
                usleep(30_000)
            }
            try? writer.close()
            done.signal()
        }
        var reader = FrameReader(input: pipe.fileHandleForReading.fileDescriptor)
        var read: [String] = []
        while case .message(let body) = reader.next() { read.append(String(decoding: body, as: UTF8.self)) }
        done.wait()
        #expect(read == bodies)
    }

    /// 300 seeded frames, good and bad, written through a pipe in pieces of random sizes: each
    /// good frame is read as its body, whatever its header's form (LF or CR LF line ends, a
    /// `Content-Type`, the name in any case, blank lines before it); each bad one is said once
    /// (its body skipped when its length could be read) and the frames after it are read whole.
    @Test func seededFramesInRandomPiecesAreReadAsSent() throws {
        enum Expected: Equatable { case message([UInt8]), malformed }
        var random = SeededGenerator(seed: 3309)
        var input: [UInt8] = []
        var expected: [Expected] = []
        var frameEnds: [Int] = []
        let words = ["{}", "é", "🎻", "\"", "[1,2]", "Content-Length: 3", "\r\n\r\n", String(repeating: "x", count: 300)]
        for _ in 0..<300 {
            let body = Array((0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random)! }.joined().utf8)
            let end = Bool.random(using: &random) ? "\r\n" : "\n"
            let blank = Int.random(in: 0..<8, using: &random) == 0 ? end : ""
            let name = ["Content-Length", "content-length", "CONTENT-LENGTH"].randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                // A line without ':' beside a good length: said, its body skipped.
                input += Array("\(blank)\(name): \(body.count)\(end)no colon here\(end)\(end)".utf8) + body
                expected.append(.malformed)
            case 1:
                // No length at all, or one that is no number: said, and nothing after it skipped.
                input += Array((Bool.random(using: &random) ? "X-Other: 1" : "\(name): 1x") .utf8) + Array("\(end)\(end)".utf8)
                expected.append(.malformed)
            default:
                let type = Bool.random(using: &random) ? "Content-Type: application/vscode-jsonrpc; charset=utf-8\(end)" : ""
                input += Array("\(blank)\(type)\(name):  \(body.count) \(end)\(end)".utf8) + body
                expected.append(.message(body))
            }
            frameEnds.append(input.count)
        }
        // Pieces end at random places and at every frame's end, with a pause after each, so
        // that the reader often finds a header in a buffer it has just emptied.
        var pieces: [[UInt8]] = []
        var from = 0
        for end in frameEnds {
            var at = from
            while at < end {
                let size = [1, 2, 7, 64, 1000, 70_000].randomElement(using: &random)!
                pieces.append(Array(input[at..<min(at + size, end)]))
                at += size
            }
            from = end
        }
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        DispatchQueue.global().async { [pieces] in
            for piece in pieces {
                writer.write(Data(piece))
                usleep(200)
            }
            try? writer.close()
        }
        var reader = FrameReader(input: pipe.fileHandleForReading.fileDescriptor)
        var read: [Expected] = []
        while true {
            switch reader.next() {
            case .message(let body): read.append(.message(body))
            case .malformed: read.append(.malformed)
            case .end:
                #expect(read.count == expected.count)
                for (index, (got, want)) in zip(read, expected).enumerated() where got != want {
                    Issue.record("frame \(index): \(got) instead of \(want)")
                    return
                }
                return
            }
        }
    }
}
