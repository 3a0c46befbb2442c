import CRMFormat
import CRMVault

extension ContactBook {
    /// The contacts `crm add --from SOURCE [QUERY] [--uid UID]` offers, in book order: those
    /// `matching(query)` whose UID is exactly `uid` when one is given. When several match and
    /// exactly one of them has the query as its whole name (ignoring case and accents), that
    /// one alone: `Ada Lovelace` picks Ada Lovelace over Ada Lovelace-King.
    package func candidates(query: String, uid: String?) -> [Contact] {
        let found = matching(query).filter { uid == nil || $0.uid == uid }
        let exact = found.filter { $0.name.folded == query.trimmingSpaces.folded }
        return found.count > 1 && exact.count == 1 ? exact : found
    }

    /// The contacts by UID; with a UID used twice, the first card wins.
    package func contactsByUID() -> [String: Contact] {
        var byUID: [String: Contact] = [:]
        for contact in contacts {
            if let uid = contact.uid, byUID[uid] == nil { byUID[uid] = contact }
        }
        return byUID
    }
}
