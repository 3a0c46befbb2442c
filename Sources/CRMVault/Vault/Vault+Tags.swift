import CRMFormat

extension [PersonFacts] {
    /// How these people spell each tag, by `Tag.key`: the spelling most of the readable ones use.
    /// A tag written in another case or with other accents (`crm add --tag family`, an address
    /// book's `Family`) is written as the vault spells it (everyone's facts, `Vault.facts`), and
    /// `completions --tags` lists these.
    package var tagSpellings: [String: String] {
        let people = filter(\.isReadable)
        return Dictionary(Tag.preferredSpellings(people.flatMap { Set($0.tags) }).map { (Tag.key($0), $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// `tags` as these people spell them (`tagSpellings`), each tag once.
    package func spelt(_ tags: [String]) -> [String] {
        guard !tags.isEmpty else { return [] }
        let spellings = tagSpellings
        var spelt: [String] = []
        for tag in tags where !spelt.contains(where: { Tag.same($0, tag) }) { spelt.append(spellings[Tag.key(tag)] ?? tag) }
        return spelt
    }
}
