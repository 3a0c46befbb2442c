import CRMKit

/// What opens `tel:`, `sms:` and `mailto:` links: `$CRM_OPENER` (set but empty: none), else
/// `opener:` in `.crm/config.yaml`, else `xdg-open` or `open` when one is on `PATH`; nil when
/// there is none, and the app then shows the number or address instead.
enum Opener {
    static func command(environment: [String: String], config: VaultConfig) -> String? {
        if let variable = environment["CRM_OPENER"] { return variable.trimmingSpaces.isEmpty ? nil : variable }
        if let configured = config.opener { return configured }
        return ["xdg-open", "open"].first { ExternalProgram.isOnPath($0, environment: environment) }
    }
}
