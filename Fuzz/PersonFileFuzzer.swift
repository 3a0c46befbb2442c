// libFuzzer target for the person-file reader and writer. Built together with the library's
// sources (see Fuzz/run.sh), so it can check internal invariants.
//
// Properties, for any input bytes:
// - reading never crashes (and the sanitizers find no memory error);
// - saving without a change gives the same bytes;
// - after an edit the result reads back, holds the edit, and differs from the input only in the
//   lines the edit had to change; a file that was not understood is never written.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPersonFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let doc = PersonDocument(bytes: bytes, path: "people/fuzz.md")
    _ = doc.name
    _ = doc.notes
    _ = doc.interactions
    _ = doc.frontMatter?.properties.map(\.value.json)

    // No change, same bytes.
    if doc.writeBlocker == nil, doc.frontMatter?.hasErrors != true {
        check((try? doc.removing("fuzz-key-that-is-not-there")) == bytes, "removing an absent key changed the file")
        if let name = doc.frontMatter?["name"]?.string, doc.frontMatter?.pairs.filter({ $0.key == "name" }).count == 1 {
            check((try? doc.setting("name", to: .string(name))) == bytes, "setting the same name changed the file")
        }
    }

    // Adding an entry: one more entry, nothing removed but a missing final newline.
    let entry = Interaction(date: Day("2026-11-29")!, time: TimeOfDay(hour: 9, minute: 30), type: "call", note: "Fuzzed note.")
    if let after = try? doc.adding(entry) {
        check(doc.writeBlocker == nil, "wrote a file that was not understood")
        let reread = PersonDocument(bytes: after, path: "people/fuzz.md")
        check(reread.log?.entries.contains { $0.note == "Fuzzed note." && $0.date == entry.date } == true, "the new entry is not read back")
        check(contains(after, inOrder: bytes), "adding an entry removed bytes")
    } else {
        // A code block or comment never closed runs to the end of the file, so the end of the log
        // (or a new log at the end) is inside it: the tool refuses and names the opening line.
        check(doc.writeBlocker != nil || doc.outline.unclosedBlock != nil, "refused to log into a file that was understood")
    }

    // Setting a field: read back as written, other keys unchanged.
    let value = String(decoding: bytes.prefix(24), as: UTF8.self)
    if let after = try? doc.setting("fuzzed", to: .string(value)) {
        let reread = PersonDocument(bytes: after, path: "people/fuzz.md")
        check(reread.frontMatter?["fuzzed"]?.json == .string(value), "the set value does not read back")
        for pair in doc.frontMatter?.properties ?? [] where pair.key != "fuzzed" {
            check(reread.frontMatter?[pair.key] == doc.frontMatter?[pair.key], "setting a key changed another")
        }
        check(reread.log?.entries.map(\.note) == doc.log?.entries.map(\.note), "setting a key changed the log")
    }
    return 0
}

/// Whether every byte of `original` is still in `edited`, in order (an insertion-only edit).
private func contains(_ edited: [UInt8], inOrder original: [UInt8]) -> Bool {
    var i = 0
    for byte in edited where i < original.count && byte == original[i] { i += 1 }
    return i == original.count
}

private func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("fuzz property violated: \(message)") }
}
