import CRMFormat
import CRMVault

/// Where `crm log --calendar` adds an event: a vdir folder or an `.ics` file.
///
/// - An existing folder is a vdir (as khal and vdirsyncer keep them): the event goes into a new
///   file `<UID>.ics` holding one `VCALENDAR`, created atomically and never over an existing file.
///   A UID with characters other than `A-Z a-z 0-9 _ . + @ -` names its file by
///   ``EventUID/stable(_:)`` of the UID instead.
/// - A path ending in `.ics` (in any case) is one calendar file: the event is inserted right
///   before its last `END:VCALENDAR` line, every other byte kept, the file replaced atomically
///   with its mode kept; in a file using LF line ends the event's lines use LF too. A missing or
///   empty file is created holding a whole `VCALENDAR`.
/// - Anything else throws a ``CalendarTargetError`` that says why.
///
/// A leading `~/` is read as `$HOME/`.
package struct CalendarTarget: Sendable, Hashable {
    /// The target as the user wrote it (used in messages).
    package var path: String
    /// The home folder for a leading `~` (usually `$HOME`).
    package var home: String?

    /// Adds `event` to the target and returns the path of the file written (`~` expanded; a
    /// calendar file as it was named, even when a link leads elsewhere).
    @discardableResult
    package func add(_ event: ICalendarEvent) throws(CalendarTargetError) -> String {
        let fullPath = try expandedPath()
        let kind: FileSystem.Kind
        do {
            kind = try FileSystem.kind(of: fullPath)
        } catch where error.isMissing {
            guard isICSPath else { throw .folderMissing(path: path) }
            return try addToFile(event, at: fullPath)
        } catch {
            throw .inaccessible(path: path, reason: error.systemMessage)
        }
        if kind == .directory {
            return try addToFolder(event, at: fullPath)
        }
        guard isICSPath, kind == .regularFile else { throw .notACalendar(path: path) }
        let file: String
        do {
            file = try FileSystem.resolvedPath(fullPath)
        } catch {
            throw .inaccessible(path: path, reason: error.systemMessage)
        }
        // The event goes into the file a link leads to, but the answer names the calendar as it
        // was given, as it does when the file is new: one form, run after run.
        _ = try addToFile(event, at: file)
        return fullPath
    }

    private var isICSPath: Bool { path.lowercased().hasSuffix(".ics") }

    private func expandedPath() throws(CalendarTargetError) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        guard let home, !home.isEmpty else { throw .homeNotSet(path: path) }
        return home + path.dropFirst()
    }

    private func addToFolder(_ event: ICalendarEvent, at folder: String) throws(CalendarTargetError) -> String {
        let name = (Self.isFileNameSafe(event.uid) ? event.uid : EventUID.stable(event.uid)) + ".ics"
        let file = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        let shownFile = path.hasSuffix("/") ? path + name : path + "/" + name
        do {
            try FileSystem.create(file, with: Array(ICalendar.rendered([event]).utf8))
        } catch where error.isAlreadyExists {
            throw .eventFileExists(path: shownFile)
        } catch {
            throw .inaccessible(path: path, reason: error.systemMessage)
        }
        return file
    }

    private func addToFile(_ event: ICalendarEvent, at file: String) throws(CalendarTargetError) -> String {
        for _ in 1...3 {
            let outcome: FileAttempt
            do {
                outcome = try attemptToAdd(event, to: file)
            } catch where error.isAlreadyExists {
                continue  // created by someone else meanwhile: add to theirs
            } catch where error.isMissing {
                throw .folderMissing(path: FileSystem.parentDirectory(of: path))
            } catch {
                throw .inaccessible(path: path, reason: error.systemMessage)
            }
            switch outcome {
            case .added: return file
            case .noVCalendar: throw .noVCalendar(path: path)
            case .fileChanged: continue
            }
        }
        throw .keptChanging(path: path)
    }

    private enum FileAttempt { case added, noVCalendar, fileChanged }

    /// One read-insert-replace of `file`, or its creation when it does not exist.
    private func attemptToAdd(_ event: ICalendarEvent, to file: String) throws(FileSystemError) -> FileAttempt {
        let whole = Array(ICalendar.rendered([event]).utf8)
        let original: (bytes: [UInt8], stamp: FileStamp)
        do {
            original = try FileSystem.readFile(file)
        } catch where error.isNotFound {
            try FileSystem.create(file, with: whole)
            return .added
        }
        let bytes: [UInt8]
        if original.bytes.isEmpty {
            bytes = whole
        } else if let updated = VCalendarInsertion.inserting(event, into: original.bytes) {
            bytes = updated
        } else {
            return .noVCalendar
        }
        return try FileSystem.replace(file, with: bytes, ifUnchangedSince: original.stamp) ? .added : .fileChanged
    }
    private static func isFileNameSafe(_ uid: String) -> Bool {
        !uid.isEmpty && !uid.hasPrefix(".") && uid.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}

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

/// Why an event could not be added to a calendar target. Paths are shown as the user wrote
/// them (`~/calendars/personal`); ``description`` is one plain line for a warning.
package enum CalendarTargetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path starts with `~` but `$HOME` is not set.
    case homeNotSet(path: String)
    /// The vdir folder, or the folder meant to hold the `.ics` file, does not exist.
    case folderMissing(path: String)
    /// The path is something other than a folder or an `.ics` file.
    case notACalendar(path: String)
    /// The `.ics` file has no `BEGIN:VCALENDAR` … `END:VCALENDAR` to add the event to.
    case noVCalendar(path: String)
    /// The vdir already holds a file named for this event's UID; it is never overwritten.
    case eventFileExists(path: String)
    /// The file or folder could not be read or written; `reason` is the system's message.
    case inaccessible(path: String, reason: String)
    /// The `.ics` file changed under every attempt to add the event, so it was left alone.
    case keptChanging(path: String)

    /// The reason as one plain line, for `crm: warning: no calendar event added: …`.
    package var description: String {
        switch self {
        case .homeNotSet(let path):
            "cannot find calendar \(path): HOME is not set"
        case .folderMissing(let path):
            "calendar folder \(path) does not exist"
        case .notACalendar(let path):
            "calendar \(path) is neither a folder nor an .ics file"
        case .noVCalendar(let path):
            "calendar file \(path) has no VCALENDAR to add the event to"
        case .eventFileExists(let path):
            "calendar event file \(path) already exists"
        case .inaccessible(let path, let reason):
            "cannot write calendar \(path): \(reason)"
        case .keptChanging(let path):
            "calendar file \(path) kept changing while the event was being added"
        }
    }
}
