import CRMFormat
import CRMVault

/// The vault as a table for spreadsheets and scripts: RFC 4180 CSV, UTF-8 without a BOM, CRLF
/// line ends, a header row, one row per person.
///
/// Columns: `name`, `id`, `emails`, `phones`, `birthday`, `tags`, `every` (the cadence in effect,
/// from the person, a tag or the vault), `last` (the newest interaction's date), `next` (the earliest open
/// or planned item dated today or later), `due`, `interactions` (how many: plain and ticked entries, shared ones and daily notes' included; open items are not).
/// Several values in one cell (emails, phones, tags) are joined with `separator`. Empty cells
/// are absent values. A field is quoted when it holds a comma, a double quote (doubled), a line
/// break, or starts or ends with a space; one a spreadsheet would take for a formula starts with
/// `'` (`field`).
enum CSVExport {
    static let columns = ["name", "id", "emails", "phones", "birthday", "tags", "every", "last", "next", "due", "interactions"]

    /// What joins several values in one cell: a semicolon and a space.
    static let separator = "; "

    /// The header and one row per person, in the order given; `shared` gives the entries of other
    /// files each person (by id) takes part in, which count as their own.
    static func render(_ people: [Person], config: VaultConfig, today: Day,
                       shared: (String) -> [SharedInteraction] = { _ in [] }) -> String {
        var out = row(columns)
        for person in people {
            let doc = person.document
            let others = shared(person.id)
            let schedule = DueSchedule(document: doc, config: config, today: today, shared: others)
            out += row([
                person.name, person.id,
                doc.emails.joined(separator: separator), doc.phones.joined(separator: separator),
                doc.birthday ?? "", doc.tags.joined(separator: separator),
                schedule.cadence?.description ?? "", schedule.last?.date.description ?? "",
                schedule.next?.date.description ?? "", schedule.due?.description ?? "", String(doc.interactionCount + others.count(where: \.interaction.isInteraction)),
            ])
        }
        return out
    }

    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// `value` as one CSV field. A value that starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return gets a leading `'` (OWASP's rule against CSV injection): a spreadsheet would run it
    /// as a formula (`=HYPERLINK(…)`), and reads the `'` as "text follows".
    static func field(_ value: String) -> String {
        var value = value
        if let first = value.utf8.first, "=+-@\t\r".utf8.contains(first) { value = "'" + value }
        let needsQuotes = value.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        guard needsQuotes else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
