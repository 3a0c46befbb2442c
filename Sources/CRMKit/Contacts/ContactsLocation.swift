import CRMFormat
import CRMVault

/// Where a command reads contacts from, and how to name it in messages.
package struct ContactsLocation: Sendable, Equatable {
    /// The path to read: a `.vcf` file or a vdir folder.
    package var path: String
    /// The source as the user wrote it (`~/contacts.vcf`), for messages.
    package var display: String
    /// The source relative to the vault when the vault's config named it (then `path` is the
    /// vault's folder, `/`, and this).
    package var inVault: String?

    /// `explicit` (an option or argument), else `$CRM_CONTACTS`, else `contacts:` in the vault's
    /// `.crm/config.yaml` (a place inside the vault), else `contacts:` in
    /// the person's own settings. A leading `~/` is `$HOME`. `nil` when none of them names a source.
    package static func resolve(explicit: String?, environment: [String: String], vault: Vault,
                                user: UserConfig) -> ContactsLocation? {
        ConfiguredLocation.resolve(explicit: explicit, variable: "CRM_CONTACTS", configured: vault.config.contacts,
                                   userDefault: user.contacts, environment: environment, vaultRoot: vault.root)
            .map { ContactsLocation(path: $0.expandedPath, display: $0.display, inVault: $0.inVault) }
    }

    /// The contacts at this location. A source the vault's config names is read only when no
    /// symbolic link on the way leads out of the vault: a sync peer could otherwise have the
    /// person's own address book read into the files they share.
    package func load() throws(ContactSourceError) -> ContactBook {
        if let inVault, let outside = FileSystem.placeOutside(String(path.dropLast(inVault.count + 1)), inVault) {
            throw ContactSourceError(path: display, reason: "contacts: in .crm/config.yaml leads out of the vault through a symbolic link (to \(outside)); not read")
        }
        return try ContactBook.load(path)
    }
}
