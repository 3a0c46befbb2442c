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
}
