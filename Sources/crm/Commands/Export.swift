import CRMKit

private enum ExportOption {
    static let format = OptionSpec(name: "--format", short: "f", value: "FORMAT", completion: .words(ExportFormat.allCases.map(\.rawValue)),
                                   help: "vcard (vCard 4.0), vdir (a folder of one vCard per person, with -o DIR), csv (RFC 4180, a header row) or json")
    static let output = OptionSpec(name: "--output", short: "o", value: "FILE", completion: .files, help: "write FILE (atomically) instead of standard output; with vdir, the folder DIR")
}

let exportCommand = Command(
    name: "export",
    summary: "Write every person as vCard, a vdir of vCards, CSV or JSON.",
    usage: ["export --format vcard|csv|json [-o FILE]", "export --format vdir -o DIR"],
    options: [ExportOption.format, ExportOption.output],
    examples: [
        "crm export --format vcard -o ~/people.vcf",
        "crm export --format vdir -o ~/.contacts/crm",
        "crm export --format csv -o people.csv",
        "crm export --format json | jq '.[] | select(.due < \"2026-12-01\") | .name'",
    ],
    discussion: """
    vcard: one vCard 4.0 per person with the snapshot the file keeps: FN (the name), N (the name
    split as name parsers split it; empty for a name that is no person's, such as an
    organisation's), UID (the contact_id, else a 'urn:uuid:' derived from the id, the same on every
    export), NICKNAME (each alias), ORG and TITLE (company and position), TEL and EMAIL (the first
    with PREF=1), BDAY (19851210, or --1210 without a year), ANNIVERSARY (the anniversary of
    dates:, as BDAY or 2019-03; the other dates have no vCard property and stay in the file only),
    CATEGORIES (the tags), NOTE (the notes), KIND:org for a person whose company is their own
    name, and RELATED for each relationship, on both people's cards (TYPE=partner, parent, …;
    urn:uuid: of the other's contact_id when it is a UUID, else their name as text).
    'crm import' of the file into an empty vault gives the same people.
    vdir: the same cards, one file each in the folder DIR (made when missing), named for the
    card's UID; a card whose file holds its bytes already is not touched, so a sync (vdirsyncer)
    moves only what changed. A card changed since crm wrote it (on the phone) is replaced only when
    the vault has what it says ('crm refresh --contacts DIR' first brings it back); DIR/.crm-export
    lists the cards crm wrote, and only those, still as crm wrote them, are removed when their
    person leaves the vault. Nothing is written through a symbolic link out of DIR.
    csv: UTF-8, CRLF, a header row; columns name, id, emails, phones, birthday, tags, every, last,
    next, due, interactions. Several emails, phones or tags in one cell are joined with '; '.
    A spreadsheet reads a lone phone number such as 0123 as the number 123: import the phones
    column as Text (LibreOffice: the column's type in the Text Import dialog). A cell that starts
    with =, +, -, @, a tab or a carriage return starts with ' (so '+44 20 7946 0018): a
    spreadsheet would run it as a formula, and a name from someone else's address book could be
    =HYPERLINK(…) (OWASP's rule against CSV injection).
    json: an array of people, each as 'crm show --json' prints it, with every interaction (those
    in other files too), mentions and relationships.
    --json alone is --format json. Problems (an unreadable file, a birthday that is not a date)
    are warnings on stderr; everyone else is exported.
    """,
    run: { context in
        _ = try context.positionals()
        let named = context.arguments.value(ExportOption.format)
        guard let name = named ?? (context.json ? "json" : nil) else {
            throw UsageError("missing --format (vcard, vdir, csv or json)")
        }
        guard let format = ExportFormat(rawValue: name) else {   // the parser checked --format's choices
            throw UsageError("--format: unknown format '\(name)'; use vcard, vdir, csv or json")
        }
        if context.json, format != .json { throw UsageError("--json and --format \(name) disagree; give one") }
        let vault = try context.vault()
        if format == .vdir {
            guard let output = context.arguments.value(ExportOption.output) else {
                throw UsageError("--format vdir writes a folder: give it with -o DIR")
            }
            let vdir = try VdirExport.write(vault, to: output)
            for problem in vdir.problems { context.warn(problem) }
            let written = vdir.written.count, removed = vdir.removed.count
            context.terminal.print("Wrote \(written) card\(written == 1 ? "" : "s") to \(output) (\(vdir.unchanged) unchanged"
                                   + (removed > 0 ? ", \(removed) removed" : "") + ")")
            return
        }
        let export = VaultExport.of(vault, format: format, today: try context.today())
        for problem in export.problems { context.warn(problem) }
        guard let output = context.arguments.value(ExportOption.output) else {
            context.terminal.write(data: export.bytes[...])
            return
        }
        try FileSystem.write(output, with: export.bytes)
        context.terminal.print("Wrote \(export.count) \(export.count == 1 ? "person" : "people") to \(output)")
    }
)
