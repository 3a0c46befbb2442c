import CRMKit

private enum HistoryOption {
    static let dryRun = OptionSpec(name: "--dry-run", help: "show what would be logged as a table; write nothing")
    static let since = OptionSpec(name: "--since", value: "D", completion: .none,
                                  help: "count only what happened on or after D: \(Day.InputTense.past.forms)")
}

let historyCommand = Command(
    name: "history",
    summary: "Log calls, messages, mail and meetings from history files: counts per person and day, never what was said.",
    usage: ["history FILE… [--since D] [--dry-run]"],
    arguments: [ArgumentSpec("FILE…", completion: .files,
                             help: "a history file: an Android call log or messages backup (SMS Backup & Restore's calls.xml, sms.xml), a WhatsApp chat (.txt, or the zip WhatsApp makes), Telegram Desktop's result.json, an .ics calendar or a vdir folder of them, an mbox")],
    options: [HistoryOption.dryRun, HistoryOption.since],
    examples: [
        "crm history ~/Downloads/calls-20261201.xml --dry-run",
        "crm history calls.xml sms.xml",
        "crm history _chat.txt result.json calendar.ics mail.mbox",
        "crm history sms.xml --since 2026-11-01",
        "crm history calls.xml --json",
    ],
    discussion: """
    Each file's kind is known from its first bytes; a folder is read as a calendar vdir (its .ics
    files), and a calendar's events count once they are past, a recurring one on each day it took
    place. People are matched by phone number (a number
    without a calling code gets default_region's from .crm/config.yaml), else email, else their
    whole name or an alias, never a guess: a party no one matches, or several people match, is
    listed with its count and not logged. Each person gets at most one entry per day, channel and
    source, with counts, not content: '- 2026-11-20 call: 2 calls, 34 min (call log)',
    '- 2026-11-21 message: 14 messages (SMS)'. A day whose entry of that type already ends with
    the same '(source)' was imported before and is left as it is, so importing a file again, or
    a newer one that overlaps it, adds only the new days; overlapping files given together count
    each event once. A person's entries are written in one
    write of their file, where the log's order puts each. A file that cannot be read stops the
    import before anything is written, naming its line. On a terminal, a file that takes over a
    second shows a progress bar on standard error.
    """,
    run: { context in
        let names = try context.positionals("FILE", atLeast: 1)
        let since = try context.arguments.value(HistoryOption.since).map {
            try context.date($0, option: HistoryOption.since.name, tense: .past)
        }
        let vault = try context.vault()
        let files = names.map { name in
            HistoryRequest.File(path: name.hasPrefix("/") ? name : context.currentDirectory + "/" + name, shown: name)
        }
        let request = HistoryRequest(files: files, today: try context.today(), since: since,
                                     dryRun: context.arguments.flag(HistoryOption.dryRun))
        var bar = ProgressBar(terminal: context.terminal)
        let outcome = try vault.importHistory(request) { file, done, total in bar.show(file, done, total) }
        bar.finish()
        if request.dryRun, !context.json, !outcome.entries.isEmpty {
            var table = TextTable(headers: ["PERSON", "DATE", "TYPE", "NOTE"])
            table.rows = outcome.entries.map { [$0.name, $0.date.description, $0.type, $0.note] }
            table.print(to: context.terminal) { context.terminal.style($0, .bold) }
        }
        context.show(outcome)
    }
)

/// The progress bar of a long import, on standard error when it is a terminal, drawn once the
/// file has taken a second.
private struct ProgressBar {
    let terminal: Terminal
    private let start = ContinuousClock.now
    private var drawn = false

    init(terminal: Terminal) { self.terminal = terminal }

    mutating func show(_ file: String, _ done: Int64, _ total: Int64) {
        guard terminal.stderrIsTerminal, total > 0, ContinuousClock.now - start > .seconds(1) else { return }
        let width = 30
        let filled = Int(min(done, total) * Int64(width) / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = min(done, total) * 100 / total
        terminal.progress("\(file) [\(bar)] \(percent)% (\(done >> 20) of \(total >> 20) MiB)")
        drawn = true
    }

    func finish() { if drawn { terminal.clearProgress() } }
}
