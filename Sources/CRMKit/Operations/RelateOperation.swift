import CRMFormat
import CRMVault

/// What `Vault.relate(_:_:_:)` did: the relationship as stated (written now, or already), and what to
/// tell the user.
package struct RelateOutcome: Outcome {
    package let relationship: StatedRelationship
    /// Whether the file changed (false: they were related so already).
    package let changed: Bool
    /// The other as the user named them, for the way to take it back.
    package let other: String
    /// For someone without a file: the names close to the one given, if any.
    package let didYouMean: String?

    /// What was stated, and where; for a name written as text, that it is one, and when the name
    /// is close to a tracked one, how to take it back.
    package var lines: [OutcomeLine] {
        let asText = relationship.other == nil
        var lines: [OutcomeLine] = [.said((changed ? "" : "Already related: ") + relationship.wording
                                          + " (\(relationship.person.path):\(relationship.line))"
                                          + (asText ? ", as text: no person in the vault is '\(relationship.otherName)'" : ""))]
        if asText, changed, let didYouMean {
            let name = other.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? other : "\"\(other)\""
            lines.append(.said("Not them? \(didYouMean) 'crm unrelate \(relationship.person.id) \(name)' takes it back"))
        }
        return lines
    }

    /// `crm relate --json`: `{"id", "path", "line", "relation", "other", "other_name", "changed"}`.
    package var json: JSON { relationship.json(changed: changed) }
}

/// What `Vault.unrelate(_:_:)` did: the relationships removed, and what to tell the user.
package struct UnrelateOutcome: Outcome {
    /// Each as it was stated, with the file and line it was on.
    package let removed: [StatedRelationship]

    package var lines: [OutcomeLine] {
        removed.map { .said("Removed: \($0.wording) (\($0.person.path):\($0.line))") }
    }

    /// `crm unrelate --json`: an array of `{"id", "path", "line", "relation", "other", "other_name"}`.
    package var json: JSON { .array(removed.map { $0.json() }) }
}

extension Vault {
    /// States once in the `related:` of the person `query` names (a PERSON argument: id, name,
    /// alias or email) that `other` is their `relation` (`partner`, `parent`, or any other word):
    /// refuses a relation that is not one (`FieldInputError`, a usage error for `crm`), finds the
    /// person, then the other: a person of the vault, named as the person is (`relate(_:_:_:)`
    /// on two people, which refuses relating someone to themselves and a pair related another
    /// way), or, when the name is no one's, someone without a file (`relate(_:_:named:)`). What
    /// `crm relate` does.
    package func relate(_ query: String, _ relation: String, _ other: String) throws -> RelateOutcome {
        if let problem = Relationship.relationProblem(relation) { throw FieldInputError("RELATION: " + problem) }
        let person = try find(query)
        let (found, didYouMean) = try findIfAny(other, besides: person.id)
        let (relationship, changed) = try found.map { try relate(person, relation, $0) } ?? relate(person, relation, named: other)
        return RelateOutcome(relationship: relationship, changed: changed, other: other, didYouMean: didYouMean)
    }

    /// Finds the person `query` names, then removes every `related:` item between them and
    /// `other` (a person of the vault, or a name written as text), which refuses two people who
    /// are not related. What `crm unrelate` does.
    package func unrelate(_ query: String, _ other: String) throws -> UnrelateOutcome {
        let person = try find(query)
        let removed = try findIfAny(other).person.map { try unrelate(person, $0) } ?? unrelate(person, named: other)
        return UnrelateOutcome(removed: removed)
    }

    /// The person `query` names, as `find` finds them; when no one matches (someone without a
    /// file in the vault: `crm relate … "Bob Marsh"`), nil and the "did you mean" for the names
    /// close to it, if any, but for the person whose id is `besides`.
    private func findIfAny(_ query: String, besides: String? = nil) throws(VaultError) -> (person: Person?, didYouMean: String?) {
        do {
            return (try find(query), nil)
        } catch where error.unmatched != nil {
            return (nil, PersonMatcher.didYouMean(error.unmatched!.filter { $0.id != besides }))
        }
    }
}
