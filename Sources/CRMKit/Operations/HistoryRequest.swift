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
    /// The user's date: a calendar's events from it on are not history.
    package var today: Day
    /// Events before this day are passed over (`--since`).
    package var since: Day?
    /// Say what would be logged; write nothing (`--dry-run`).
    package var dryRun: Bool

    package init(files: [File], today: Day, since: Day? = nil, dryRun: Bool = false) {
        (self.files, self.today, self.since, self.dryRun) = (files, today, since, dryRun)
    }
}
