/// Where a command reads contacts from, and how to name it in messages.
public struct ContactsLocation: Sendable, Equatable {
    /// The path to read: a `.vcf` file or a vdir folder.
    public var path: String
    /// The source as the user wrote it (`~/contacts.vcf`), for messages.
    public var display: String

    /// `explicit` (an option or argument), else `$CRM_CONTACTS`, else `contacts:` in the vault's
    /// `.crm/config.yaml` (a relative path there is relative to the vault). A leading `~/` is
    /// `$HOME`. `nil` when none of them names a source.
    public static func resolve(explicit: String?, environment: [String: String], vault: Vault) -> ContactsLocation? {
        let home = environment["HOME"]
        if let explicit, !explicit.isEmpty {
            return ContactsLocation(path: expandingHome(explicit, home: home), display: explicit)
        }
        if let fromEnvironment = environment["CRM_CONTACTS"], !fromEnvironment.isEmpty {
            return ContactsLocation(path: expandingHome(fromEnvironment, home: home), display: fromEnvironment)
        }
        guard let configured = vault.config.contacts, !configured.isEmpty else { return nil }
        var path = expandingHome(configured, home: home)
        if !path.hasPrefix("/") { path = vault.root + "/" + path }
        return ContactsLocation(path: path, display: configured)
    }

    /// `path` with a leading `~/` (or a lone `~`) replaced by `home`.
    static func expandingHome(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}
