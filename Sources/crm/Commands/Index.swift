import CRMKit

private enum IndexOption {
    static let check = OptionSpec(name: "--check", help: "write nothing; exit 1 (saying why) when INDEX.md is missing or out of date")
}

let indexCommand = Command(
    name: "index",
    summary: "Write INDEX.md: everyone with links to their files, due dates, recent interactions.",
    usage: ["index [--check]"],
    options: [IndexOption.check],
    examples: ["crm index", "crm index --check || crm index"],
    discussion: """
    INDEX.md, at the vault root, holds a table of everyone (name linked to the file, last contact,
    cadence, due date, tags), the due dates soonest first, and the last 20 interactions. It depends
    only on the person files and .crm/config.yaml, never on today's date: running it again writes
    nothing unless a file changed, so synced copies do not change for nothing. Someone due at once
    (never contacted, no `added`) shows `now`. The file is replaced atomically.
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is left out, and each
    line or value it could not read is a warning on stderr: path:line:col: warning: …
    """,
    run: { context in
        let vault = try context.vault()
        let (bytes, people, problems) = IndexPage.render(Everyone(vault, today: nil))
        for problem in problems { context.warn(problem) }
        if context.arguments.flag(IndexOption.check) {
            let reason = vault.indexHolds(bytes) ? nil : staleness(of: vault.readIndex(), expected: bytes)
            if context.json {
                context.printJSON(IndexPage.checkedJSON(reason: reason))
            } else {
                context.terminal.print(reason.map { "\(IndexPage.path) is out of date: \($0); run 'crm index'" } ?? "\(IndexPage.path) is up to date")
            }
            if reason != nil { throw ExitStatus(code: 1) }
            return
        }
        let written = try vault.writeIndex(bytes)
        if context.json {
            context.printJSON(IndexPage.writtenJSON(written: written, people: people))
        } else {
            context.terminal.print(written ? "Wrote \(IndexPage.path) (\(people) people)" : "\(IndexPage.path) is up to date")
        }
    }
)

/// Why `current` is not `expected`: missing, or the first line that differs.
private func staleness(of current: [UInt8]?, expected: [UInt8]) -> String? {
    guard let current else { return "it does not exist" }
    if current == expected { return nil }
    // Lines compared where they stand in the bytes (as text only when their bytes differ): neither
    // page is copied into a string.
    let have = current.split(separator: 0x0A, omittingEmptySubsequences: false)
    let want = expected.split(separator: 0x0A, omittingEmptySubsequences: false)
    func text(_ line: ArraySlice<UInt8>) -> String { String(decoding: line, as: UTF8.self) }
    let line = (0..<min(have.count, want.count)).first { have[$0] != want[$0] && text(have[$0]) != text(want[$0]) }
        ?? min(have.count, want.count)
    let shown = line < want.count ? "'\(text(want[line]))'" : "the end of the file"
    return "line \(line + 1) should be \(shown)"
}
