import CRMFormat

extension [PersonKeys] {
    /// The person already tracked with `name` (compared folded, see `TextFolding`) or with
    /// `contactID`, other than the person `excluding` (an id): the one duplicate rule that
    /// `crm add` and `crm rename` refuse by unless `--force`. Asked of everyone's keys
    /// (`VaultLinks(keysOf:)`, from the facts cache).
    package func duplicate(name: String, contactID: String? = nil, excluding id: String? = nil) -> PersonKeys? {
        let folded = name.folded
        return first { person in
            guard person.isNamed(folded) || contactID != nil && person.contactID == contactID else { return false }
            return person.id != id
        }
    }
}

extension PersonKeys {
    /// Why `duplicate` is one: "people/ada.md already tracks Ada Lovelace", with "with that
    /// contact id" when the names differ.
    package static func duplicateMessage(_ same: PersonKeys, name: String) -> String {
        "\(same.path) already tracks \(same.name)\(same.sortName == name.folded ? "" : " with that contact id")"
    }
}
