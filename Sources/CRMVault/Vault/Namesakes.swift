import CRMFormat

extension Vault {
    /// How people listed together are told apart (a PERSON that matches several, `crm summary`):
    /// `Name (id)`, and for people of one name a detail of their file as well, `Sam Lee
    /// (sam-lee-2, Lee Design)`: their company, else their first email. Only namesakes' files are read.
    package func labels(of people: [PersonKeys]) -> [String] {
        var counts: [String: Int] = [:]
        for person in people { counts[person.sortName, default: 0] += 1 }
        return people.map { person in
            var told = [person.id]
            if counts[person.sortName]! > 1, let detail = detail(of: person) { told.append(detail) }
            return "\(person.name) (\(told.joined(separator: ", ")))"
        }
    }

    /// The label of each of `people` who shares a name with another of them (see
    /// `labels(of:)`), by id; the others are told by their name alone.
    package func namesakeLabels(among people: [PersonKeys]) -> [String: String] {
        var counts: [String: Int] = [:]
        for person in people { counts[person.sortName, default: 0] += 1 }
        let keys = people.filter { counts[$0.sortName]! > 1 }
        guard !keys.isEmpty else { return [:] }
        return Dictionary(zip(keys.map(\.id), labels(of: keys)), uniquingKeysWith: { a, _ in a })
    }

    /// What tells namesakes apart: the person's company, else their first email.
    private func detail(of person: PersonKeys) -> String? {
        if let company = (try? load(path: person.path))?.document.company?.trimmingSpaces, !company.isEmpty { return company }
        return person.emails.first
    }
}
