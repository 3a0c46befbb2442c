/// The file `crm add` writes for a new person.
package enum NewPersonFile {
    /// Front matter with `fields` in the given order, then an empty log heading.
    ///
    ///     ---
    ///     name: Ada Lovelace
    ///     phone: "+44 20 7946 0018"
    ///     added: 2026-11-29
    ///     ---
    ///
    ///     ## Interactions
    package static func render(_ fields: [(key: String, value: FieldValue)], heading: String) -> [UInt8] {
        let lines = ["---"] + fields.map { "\($0.key): " + $0.value.yaml(key: $0.key) } + ["---", "", "## \(heading)"]
        return Array(lines.map { $0 + "\n" }.joined().utf8)
    }
}
