/// The file `crm add` writes for a new person.
package enum NewPersonFile {
    /// Front matter with `fields` in the given order and `dates` as a `dates:` mapping after
    /// them, then `notes` (when there are any, between blank lines), then an empty log heading.
    ///
    ///     ---
    ///     name: Ada Lovelace
    ///     phone: "+44 20 7946 0018"
    ///     added: 2026-11-29
    ///     ---
    ///
    ///     Met at the Analytical Society.
    ///
    ///     ## Interactions
    package static func render(_ fields: [(key: String, value: FieldValue)], dates: [(name: String, date: PartialDate)] = [],
                               notes: String? = nil, heading: String) -> [UInt8] {
        let body = notes.map { ["", $0] } ?? []
        let mapping = dates.isEmpty ? [] : ["\(FieldSchema.dates.key):"] + dates.map { "  \(YAMLQuoting.scalar($0.name)): \($0.date)" }
        let lines = ["---"] + fields.map { "\($0.key): " + $0.value.yaml(key: $0.key) } + mapping + ["---"] + body + ["", "## \(heading)"]
        return Array(lines.map { $0 + "\n" }.joined().utf8)
    }
}
