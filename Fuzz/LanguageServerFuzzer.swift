// libFuzzer target for `crm lsp`'s framing and request decoder. Built together with the
// format library's sources and the language server's Transport.swift and Message.swift (see
// Fuzz/run.sh lsp), so it can use their internals.
//
// Properties, for any input bytes:
// - reading frames never crashes (and the sanitizers find no memory error), and ends;
// - every body read is decoded (JSON, then a request, a notification, a response or an
//   invalid message) without crashing;
// - JSON that is read writes back as text that reads as the same value.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for case .message(let body) in read(bytes) { decode(body) }
    return 0
}

private func read(_ input: [UInt8]) -> [FrameReader.Frame] {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("no pipe") }
    // Inputs are at most 4096 bytes plus the probe: a pipe holds them without a reader.
    input.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = write(ends[1], buffer.baseAddress! + written, buffer.count - written)
            guard count > 0 else { fatalError("cannot write the pipe") }
            written += count
        }
    }
    close(ends[1])
    var reader = FrameReader(input: ends[0])
    var frames: [FrameReader.Frame] = []
    for _ in 0...input.count + 1 {
        let frame = reader.next()
        if frame == .end { break }
        frames.append(frame)
    }
    check(reader.next() == .end, "the frames did not end")
    close(ends[0])
    return frames
}

private func decode(_ body: [UInt8]) {
    guard let json = try? JSONParser.parse(body) else { return }
    _ = Incoming(json)
    let again = try? JSONParser.parse(json.renderedBytes(pretty: false))
    check(again == json, "JSON read, written and read again is another value")
}

private func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError(message) }
}
