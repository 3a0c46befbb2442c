import CRMFormat

/// Where an address book or a calendar is: named by an option, else an environment variable,
/// else a key of the vault's `.crm/config.yaml` (a place inside the vault), else the same key of
/// the person's own settings (`UserConfig`, anywhere). The one rule `ContactsLocation` and
/// `CalendarTarget.configured` follow.
package struct ConfiguredLocation: Sendable, Equatable {
    /// The location as the user wrote it, for messages (`~/contacts.vcf`).
    package var display: String
    /// The location with a relative path from the config placed inside the vault; a leading `~`
    /// is kept (see `expandedPath`).
    package var path: String
    /// What a leading `~` stands for (`$HOME`).
    package var home: String?
    /// The place relative to the vault when the vault's config named it (always inside it, as
    /// `VaultConfig` reads it); nil when the person named it. Such a place is used only through
    /// `FileSystem.pathInside`, so that a symbolic link in the vault cannot lead out of it.
    package var inVault: String?

    /// `path` with a leading `~/` (or a lone `~`) replaced by `home`.
    package var expandedPath: String {
        guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// `explicit` (an option or argument), else `$variable`, else `configured` (a path relative
    /// to the vault at `vaultRoot`, as `VaultConfig` keeps it), else `userDefault` (absolute, or under
    /// `~/`); `nil` when none of them names one.
    package static func resolve(explicit: String?, variable: String, configured: String?, userDefault: String?,
                               environment: [String: String], vaultRoot: String) -> ConfiguredLocation? {
        let home = environment["HOME"]
        if let explicit, !explicit.isEmpty {
            return ConfiguredLocation(display: explicit, path: explicit, home: home)
        }
        if let fromEnvironment = environment[variable], !fromEnvironment.isEmpty {
            return ConfiguredLocation(display: fromEnvironment, path: fromEnvironment, home: home)
        }
        guard let configured, !configured.isEmpty else {
            return userDefault.flatMap { $0.isEmpty ? nil : ConfiguredLocation(display: $0, path: $0, home: home) }
        }
        return ConfiguredLocation(display: configured, path: vaultRoot + "/" + configured, home: home, inVault: configured)
    }
}
