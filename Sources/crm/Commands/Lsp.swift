import CRMKit
import CRMLanguageServer

let lspCommand = Command(
    name: "lsp",
    summary: "Serve the vault to an editor: the Language Server Protocol on standard input and output.",
    usage: ["lsp"],
    examples: ["crm lsp"],
    discussion: """
    Started by an editor, not typed: it reads Language Server Protocol messages (JSON-RPC 2.0,
    each after a Content-Length header) on standard input and answers on standard output, until
    the editor sends 'exit' (status 0 after 'shutdown', 1 without) or closes the input. The vault
    is the folder holding .crm/ or people/ at or above the editor's workspace folder (else above
    the first file opened). Person files and daily notes get every problem 'crm check' finds in
    the text as it is being typed, with the rule's id, and hints on the front matter: when the
    person is due, a birthday within a month. '[[' completes to the vault's people (inserting
    '[[id|Name]]'), a log line to its date and type, the front matter to its keys, tags and
    relation words; hover shows a person's card on a link and the weekday of a log date; go to
    definition and references follow links; the log by year and month and the vault's people are
    symbols. Rename on a link or on 'name:' renames the person across the vault as 'crm rename'
    does; code actions log an interaction today, tick an open item, snooze a week, create a person
    for a dead link, sort the log as 'crm fmt' does, or merge a git conflict as 'crm resolve'
    does when its rules settle it, each the edit its command makes. The
    server never writes a file: the editor applies each edit. Files outside the vault get nothing.
    See docs/editors.md for each editor's set-up.
    """,
    printsData: false,
    run: { context in
        let status = LanguageServer.run(input: 0, output: 1, environment: context.environment)
        if status != 0 { throw ExitStatus(code: status) }
    }
)
