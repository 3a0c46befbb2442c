import CRMFormat
import CRMVault

/// `crm check`: every problem in a vault, sorted by path, line and column.
package enum VaultCheck {
    /// With `today`, entries dated more than a year after it (a mistyped year?) and items ticked
    /// done but dated after it are reported too. The vault's `check:` settings are applied: the
    /// problems of rules turned off are left out, the others have the severity it gives them.
    package static func run(_ vault: Vault, today: Day? = nil) -> [Diagnostic] {
        var found = vault.config.diagnostics + vault.unfinishedProblems
        // Each file is checked as it is read (or its facts come from the cache): only the facts are kept.
        let (paths, copies, unlisted) = vault.personPaths()
        let (people, unread) = vault.facts(of: paths, today: today)
        found += unlisted + unread
        // By index: a person's facts are not copied (each copy retains all their parts).
        for i in people.indices { found += problems(of: people[i], today: today) }
        found += duplicates(people).map(\.problem)
        found += tagSpellings(people, in: vault)
        found += VaultLinks.read(vault, everyone: people).problems
        for copy in copies {
            let original = Vault.originalPath(ofConflictCopy: copy)
            found.append(Diagnostic(path: copy, line: 1, rule: .syncConflictCopy,
                                    message: "conflict: sync conflict copy of \(original); run 'crm resolve' to merge it into that file"))
        }
        // Stable: problems at one place keep the order they were found in.
        return vault.config.check.applied(to: found.sorted { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) })
    }

    /// The problems of one file as its facts hold them; with `today`, entries dated more than a
    /// year after it, or ticked done after it, too.
    static func problems(of person: PersonFacts, today: Day?) -> [Diagnostic] {
        person.problems + (today.map { person.dateProblems(today: $0) } ?? [])
    }

    /// Tags spelt in more than one way (`Family` and `family`, `cafe` and `Café`: one tag by
    /// `Tag.key`): each spelling but the one most people use is reported where it is written,
    /// naming the other spelling and where it is. Only the files involved are read again, for
    /// the places of their tags.
    /// `buffer`: a file's text as an editor holds it, read instead of the file. `only`: the
    /// `Tag.key`s of the tags to look at (nil: all).
    static func tagSpellings(_ people: [PersonFacts], only keys: Set<String>? = nil, in vault: Vault,
                             buffer: (path: String, document: PersonDocument)? = nil) -> [Diagnostic] {
        var spellings: [String: [String]] = [:]   // each tag's spellings, once per person
        for i in people.indices {
            for tag in Set(people[i].tags) where keys?.contains(Tag.key(tag)) ?? true { spellings[Tag.key(tag), default: []].append(tag) }
        }
        let preferred = Dictionary(uniqueKeysWithValues: spellings.values.filter { Set($0).count > 1 }
            .map { (Tag.key($0[0]), Tag.preferredSpellings($0)[0]) })
        guard !preferred.isEmpty else { return [] }
        // Where each spelling of those tags is written, in path order.
        var places: [String: [(path: String, line: Int, column: Int)]] = [:]
        for person in people.sorted(by: { $0.keys.path < $1.keys.path })
        where person.tags.contains(where: { preferred[Tag.key($0)] != nil }) {
            guard let document = person.keys.path == buffer?.path ? buffer?.document : try? vault.load(path: person.keys.path).document
            else { continue }
            for place in document.tagPositions where preferred[Tag.key(place.tag)] != nil {
                places[place.tag, default: []].append((person.keys.path, place.line, place.column))
            }
        }
        var found: [Diagnostic] = []
        for (spelling, at) in places {
            guard let usual = preferred[Tag.key(spelling)], usual != spelling, let other = places[usual]?.first else { continue }
            let more = places[usual]!.count - 1
            let elsewhere = "\(other.path):\(other.line):\(other.column)" + (more > 0 ? " and \(more) more file\(more == 1 ? "" : "s")" : "")
            for place in at {
                found.append(Diagnostic(path: place.path, line: place.line, column: place.column, rule: .tagSpelling,
                                        message: "tag '\(spelling)' is spelt '\(usual)' in \(elsewhere); one tag, as tags compare "
                                            + "ignoring case and accents: spell it one way"))
            }
        }
        return found
    }

    /// People sharing a contact id or a name (ignoring case and accents): reported on each but the
    /// first, with the first's line of the same key (`elsewhere`).
    static func duplicates(_ people: [PersonFacts]) -> [Found] {
        var found: [Found] = []
        // Each id and name points to the first person with it: a path is made only for a duplicate.
        var ids: [String: Int] = [:], names: [String: Int] = [:]
        ids.reserveCapacity(people.count)
        names.reserveCapacity(people.count)
        for index in people.indices {
            // Its keys and lines, not the whole of its facts (each copy of which retains all their parts).
            let person = (keys: people[index].keys, nameLine: people[index].nameLine, contactIDLine: people[index].contactIDLine)
            if let id = person.keys.contactID, !id.isEmpty {
                if let first = ids[id] {
                    found.append(Found(Diagnostic(path: person.keys.path, line: person.contactIDLine, rule: .duplicateContactID,
                                                  message: "same contact_id as \(people[first].keys.path): two files for one contact?"),
                                       elsewhere: Place(path: people[first].keys.path, line: people[first].contactIDLine)))
                } else {
                    ids[id] = index
                }
            }
            let name = person.keys.sortName
            if let first = names[name] {
                found.append(Found(Diagnostic(path: person.keys.path, line: person.nameLine, rule: .duplicateName,
                                              message: "same name as \(people[first].keys.path) ('\(person.keys.name)'); PERSON arguments cannot tell them apart by name"),
                                   elsewhere: Place(path: people[first].keys.path, line: people[first].nameLine)))
            } else {
                names[name] = index
            }
        }
        return found
    }
}
