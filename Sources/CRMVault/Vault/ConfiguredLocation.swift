import CRMFormat

/// Where a file or folder outside the vault is (an address book, a calendar): named by an option,
/// else an environment variable, else a key of the vault's `.crm/config.yaml`, else the same key
/// of the person's own settings (`UserConfig`). The one rule `ContactsLocation` and
/// `CalendarTarget.configured` follow.
package struct ConfiguredLocation: Sendable, Equatable {
    /// The location as the user wrote it, for messages (`~/contacts.vcf`).
    package var display: String
    /// The location with a relative path from the config placed inside the vault; a leading `~`
    /// is kept (see `expandedPath`).
    package var path: String
    /// What a leading `~` stands for (`$HOME`).
    package var home: String?

    /// `path` with a leading `~/` (or a lone `~`) replaced by `home`.
    package var expandedPath: String {
        guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// `explicit` (an option or argument), else `$variable`, else `configured` (a relative path
    /// there is relative to the vault at `vaultRoot`), else `userDefault` (absolute, or under
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
        let isAbsolute = configured.hasPrefix("/") || configured == "~" || configured.hasPrefix("~/")
        return ConfiguredLocation(display: configured, path: isAbsolute ? configured : vaultRoot + "/" + configured, home: home)
    }
}
