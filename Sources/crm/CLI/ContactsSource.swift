import CRMKit

extension Context {
    /// Reads the contacts source `explicit` names, else the default (`$CRM_CONTACTS`, else
    /// `contacts:` in `.crm/config.yaml`, else in the person's own settings); the problems found
    /// in it go to stderr. `option` names what the user can give when there is no source at all.
    func contactBook(_ explicit: String?, vault: Vault, option: String) throws -> (location: ContactsLocation, book: ContactBook) {
        guard let location = ContactsLocation.resolve(explicit: explicit, environment: environment, vault: vault, user: user) else {
            throw UsageError("no contacts source: give \(option), set CRM_CONTACTS, or set contacts: in .crm/config.yaml or ~/.config/crm/config.yaml")
        }
        let book: ContactBook
        do { book = try location.load() } catch { throw Failure(error.description) }
        for diagnostic in book.diagnostics { terminal.error(diagnostic.description) }
        return (location, book)
    }
}
