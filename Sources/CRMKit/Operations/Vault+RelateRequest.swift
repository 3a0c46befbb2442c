import CRMFormat
import CRMVault

extension Vault {
    /// Does `request`: refuses a relation that is not one (`FieldInputError`, a usage error for
    /// `crm`), finds the person, then the other: a person of the vault (`relate(_:_:_:change:)`,
    /// which refuses relating someone to themselves and a pair related another way), or, when
    /// the name is no one's, someone without a file (`relate(_:_:named:change:)`). What `crm
    /// relate` does.
    package func relate(_ request: RelateRequest) throws -> RelateOutcome {
        if let problem = Relationship.relationProblem(request.relation) { throw FieldInputError("RELATION: " + problem) }
        let person = try find(request.person)
        let (other, didYouMean) = try findIfAny(request.other, besides: person.id)
        let (relationship, changed) = try other.map { try relate(person, request.relation, $0) }
            ?? relate(person, request.relation, named: request.other)
        return RelateOutcome(relationship: relationship, changed: changed, request: request, didYouMean: didYouMean)
    }

    /// Does `request`: finds the person, then removes every `related:` item between them and
    /// the other (a person of the vault, or a name written as text), which refuses two people
    /// who are not related. What `crm unrelate` does.
    package func unrelate(_ request: UnrelateRequest) throws -> UnrelateOutcome {
        let person = try find(request.person)
        let removed = try findIfAny(request.other).person.map { try unrelate(person, $0) } ?? unrelate(person, named: request.other)
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
