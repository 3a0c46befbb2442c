import CRMFormat
import CRMVault

/// Where a command reads contacts from, and how to name it in messages.
package struct ContactsLocation: Sendable, Equatable {
    /// The path to read: a `.vcf` file or a vdir folder.
    package var path: String
    /// The source as the user wrote it (`~/contacts.vcf`), for messages.
    package var display: String

    /// `explicit` (an option or argument), else `$CRM_CONTACTS`, else `contacts:` in the vault's
    /// `.crm/config.yaml` (a relative path there is relative to the vault), else `contacts:` in
    /// the person's own settings. A leading `~/` is `$HOME`. `nil` when none of them names a source.
    package static func resolve(explicit: String?, environment: [String: String], vault: Vault,
                                user: UserConfig) -> ContactsLocation? {
        ConfiguredLocation.resolve(explicit: explicit, variable: "CRM_CONTACTS", configured: vault.config.contacts,
                                   userDefault: user.contacts, environment: environment, vaultRoot: vault.root)
            .map { ContactsLocation(path: $0.expandedPath, display: $0.display) }
    }
}
