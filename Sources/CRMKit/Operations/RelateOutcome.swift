import CRMFormat
import CRMVault

/// What `Vault.relate(_:)` did: the relationship as stated (written now, or already), and what to
/// tell the user.
package struct RelateOutcome: Outcome {
    package let relationship: StatedRelationship
    /// Whether the file changed (false: they were related so already).
    package let changed: Bool
    /// The request, for the way to take it back.
    package let request: RelateRequest
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
            let other = request.other
            let name = other.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? other : "\"\(other)\""
            lines.append(.said("Not them? \(didYouMean) 'crm unrelate \(relationship.person.id) \(name)' takes it back"))
        }
        return lines
    }

    /// `crm relate --json`: `{"id", "path", "line", "relation", "other", "other_name", "changed"}`.
    package var json: JSON { relationship.json(changed: changed) }
}

/// What `Vault.unrelate(_:)` did: the relationships removed, and what to tell the user.
package struct UnrelateOutcome: Outcome {
    /// Each as it was stated, with the file and line it was on.
    package let removed: [StatedRelationship]

    package var lines: [OutcomeLine] {
        removed.map { .said("Removed: \($0.wording) (\($0.person.path):\($0.line))") }
    }

    /// `crm unrelate --json`: an array of `{"id", "path", "line", "relation", "other", "other_name"}`.
    package var json: JSON { .array(removed.map { $0.json() }) }
}
