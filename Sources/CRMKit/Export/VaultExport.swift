import CRMFormat
import CRMVault

/// What `crm export` writes: every person in the vault in one of three formats.
package enum ExportFormat: String, Sendable, CaseIterable {
    /// vCard 4.0 (RFC 6350) of each person's contact snapshot; see `VCardExport`.
    case vcard
    /// One row per person (RFC 4180); see `CSVExport`.
    case csv
    /// An array of people in the shape of `crm show --json`, interactions (shared ones too),
    /// mentions and relationships included.
    case json
    /// A folder of one vCard file per person (see `VdirExport`); `VaultExport.of` gives the cards
    /// as `vcard` does.
    case vdir
}

/// An export of the vault: the bytes to write and what could not be exported as it stands.
package struct VaultExport: Sendable {
    /// The whole file, UTF-8.
    package var bytes: [UInt8]
    /// How many people it holds.
    package var count: Int
    /// Files that could not be read, and values left out (a birthday that is not a date).
    package var problems: [Diagnostic]
}

extension VaultExport {
    /// Every person of `vault` (in path order, each file read whole) in `format`. `today` decides due dates.
    package static func of(_ vault: Vault, format: ExportFormat, today: Day) -> VaultExport {
        var (people, problems) = vault.scan { $0.person }
        let config = vault.config
        let text: String
        switch format {
        case .vcard, .vdir:
            text = cards(of: people, in: vault).joined()
            problems += people.compactMap(VCardExport.leftOut(of:))
        case .csv:
            let links = VaultLinks.read(vault)
            text = CSVExport.render(people, config: config, today: today) { links.connections(of: $0).shared }
        case .json:
            let links = VaultLinks.read(vault)
            text = JSON.array(people.map { $0.showJSON(config: config, today: today, connections: links.connections(of: $0.id)) }).rendered() + "\n"
        }
        return VaultExport(bytes: Array(text.utf8), count: people.count, problems: problems)
    }

    /// The vCard of each of `people`, in their order, with their relationships (the links of `vault`).
    static func cards(of people: [Person], in vault: Vault) -> [String] {
        let links = VaultLinks.read(vault, notes: false)
        return people.map { person in
            VCardExport.card(for: person, related: links.connections(of: person.id).related.map { relation in
                RelatedCard(relation: relation.relation, name: relation.name,
                            uid: relation.id.map { VCardExport.uid(id: $0, contactID: links.person($0)?.contactID) })
            })
        }
    }
}
