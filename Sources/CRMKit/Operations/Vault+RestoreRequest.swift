import CRMFormat
import CRMVault

extension Vault {
    /// Does `request`: finds the one trash item its name names (`trashItems(matching:)`; none,
    /// or several, listed, is refused) and puts it back (`restore(_:)`). What `crm restore NAME` does.
    package func restore(_ request: RestoreRequest) throws -> RestoreOutcome {
        let matches = trashItems(matching: request.name)
        guard matches.count == 1, let item = matches.first else {
            if matches.isEmpty { throw VaultError("nothing in the trash matches '\(request.name)' (crm restore lists it)") }
            throw VaultError("\(matches.count) items in the trash match '\(request.name)'; give the name of one:\n"
                             + matches.map { "  \($0.name)  \($0.summary)" }.joined(separator: "\n"))
        }
        let (path, line) = try restore(item)
        return RestoreOutcome(item: item, path: path, line: line)
    }
}
