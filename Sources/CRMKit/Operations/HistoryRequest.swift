import CRMFormat

/// What `crm history` asks for: the history files to read, the first day to count, and whether
/// to write. `Vault.importHistory(_:progress:)` does it and returns a `HistoryOutcome`.
package struct HistoryRequest: Sendable {
    /// A file to read: where it is, and how the user named it (for messages).
    package struct File: Sendable {
        package var path: String
        package var shown: String
        package init(path: String, shown: String) { (self.path, self.shown) = (path, shown) }
    }

    package var files: [File]
    /// Events before this day are passed over (`--since`).
    package var since: Day?
    /// Say what would be logged; write nothing (`--dry-run`).
    package var dryRun: Bool

    package init(files: [File], since: Day? = nil, dryRun: Bool = false) {
        (self.files, self.since, self.dryRun) = (files, since, dryRun)
    }
}
