import CRMFormat

extension [PersonKeys] {
    /// How these people, listed together, are told apart (a PERSON that matches several, `crm
    /// summary`): `Name (id)`, and for people of one name a detail of their file as well, `Sam Lee
    /// (sam-lee-2, Lee Design)`: their company, else their first email. Only namesakes' files
    /// are read, from `vault`.
    package func labels(reading vault: Vault) -> [String] {
        var counts: [String: Int] = [:]
        for person in self { counts[person.sortName, default: 0] += 1 }
        return map { person in
            var told = [person.id]
            if counts[person.sortName]! > 1, let detail = Self.detail(of: person, in: vault) { told.append(detail) }
            return "\(person.name) (\(told.joined(separator: ", ")))"
        }
    }

    /// The label of each of these people who shares a name with another of them (see
    /// `labels(reading:)`), by id; the others are told by their name alone.
    package func namesakeLabels(reading vault: Vault) -> [String: String] {
        var counts: [String: Int] = [:]
        for person in self { counts[person.sortName, default: 0] += 1 }
        let keys = filter { counts[$0.sortName]! > 1 }
        guard !keys.isEmpty else { return [:] }
        return Dictionary(zip(keys.map(\.id), keys.labels(reading: vault)), uniquingKeysWith: { a, _ in a })
    }

    /// What tells namesakes apart: the person's company, else their first email.
    private static func detail(of person: PersonKeys, in vault: Vault) -> String? {
        if let company = (try? vault.load(path: person.path))?.document.company?.trimmingSpaces, !company.isEmpty { return company }
        return person.emails.first
    }
}
