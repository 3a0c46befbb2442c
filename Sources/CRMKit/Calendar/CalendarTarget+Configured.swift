import CRMFormat
import CRMVault

extension CalendarTarget {
    /// The calendar that `--calendar=TARGET` (`explicit`), else `$CRM_CALENDAR`, else `calendar:`
    /// in the vault's config (a place inside the vault, reached through no symbolic link that
    /// leads out of it), else `calendar:` in the
    /// person's own settings names. Throws, saying how to name one, when none does or
    /// `--calendar=` is empty.
    package static func configured(explicit: String?, environment: [String: String], vault: Vault,
                                   user: UserConfig) throws(VaultError) -> CalendarTarget {
        if explicit == "" { throw VaultError("--calendar= names no calendar") }
        guard let location = ConfiguredLocation.resolve(explicit: explicit, variable: "CRM_CALENDAR", configured: vault.config.calendar,
                                                        userDefault: user.calendar, environment: environment, vaultRoot: vault.root) else {
            throw VaultError("no calendar set; use --calendar=TARGET, set CRM_CALENDAR, or add 'calendar:' to .crm/config.yaml "
                             + "or to ~/.config/crm/config.yaml")
        }
        guard let inVault = location.inVault else { return CalendarTarget(path: location.path, home: location.home) }
        // The vault's own calendar: no symbolic link on the way may lead the event out of the vault.
        do {
            let use: FileSystem.Use = inVault.lowercased().hasSuffix(".ics") ? .write : .folder
            return CalendarTarget(path: try FileSystem.pathInside(vault.root, inVault, for: use), home: location.home)
        } catch {
            throw VaultError("calendar: in .crm/config.yaml: \(error.description)")
        }
    }
}
