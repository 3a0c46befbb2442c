import CRMFormat

/// What `crm init` writes into a vault folder.
package enum VaultSetup {
    /// The settings file `crm init` writes: every key `VaultConfig` reads, those not set commented out.
    package static let defaultConfig = """
    # My Person CRM vault settings. Every key is optional.
    types: [call, message, email, visit, note]   # the first is `crm log`'s default
    heading: Interactions                        # the log's heading in person files
    every: 90d                                   # cadence for people who set none
    # tag_every:                                 # cadence by tag (the shortest wins; Family is family)
    #   family: 14d
    #   friends: 30d
    # calendar: calendar.ics                     # where `crm log --calendar` adds events, in the vault (elsewhere: as contacts)
    # calendar_duration: 60                      # minutes of a timed interaction's event (0: no end)
    # calendar_alarm: 15m                        # alarm before an event (1h, 2d…; none: no alarms)
    # contacts: contacts.vcf                     # default contacts source, in the vault (elsewhere: in ~/.config/crm/config.yaml)
    # journal: Daily                             # daily notes (a folder, or a list: [Daily, journals])
    # default_region: GB                         # country of phone numbers without a calling code (crm history)
    # git: commit                                # commit every write (the vault must be in a git work tree)
    # check:                                     # crm check's rules turned off or given a severity
    #   dead-link: off                           # (off, warning or error; crm check --rules lists them)

    """

    /// Lines each support file must hold.
    static let requiredLines: [(file: String, header: String, lines: [String])] = [
        (".gitattributes", "# My Person CRM: person files merge entry by entry (git config merge.crm.driver \"crm merge-driver %O %A %B %P\")",
         ["people/**/*.md merge=crm"]),
        (".gitignore", "# My Person CRM: machine-local state is not shared; the vault settings are",
         ["/.crm/*", "!/.crm/config.yaml", ".crm-tmp-*"]),
        (".stignore", "// My Person CRM: machine-local state is not synced; the vault settings are",
         ["!/.crm/config.yaml", "/.crm/*", ".crm-tmp-*"]),
    ]

    /// Creates or completes a vault in `dir`; never overwrites. Returns what it created and updated.
    /// A `dir`, `people` or `.crm` that is a file is named as one, and nothing is created.
    package static func initialize(_ dir: String) throws -> (created: [String], updated: [String]) {
        for path in [dir, dir + "/people", dir + "/.crm"] where FileSystem.exists(path) && !FileSystem.isDirectory(path) {
            throw VaultError("'\(path)' is a file, not a folder; nothing was created")
        }
        var created: [String] = [], updated: [String] = []
        // Nothing is created or changed through a symbolic link out of the vault (see `FileSystem.pathInside`).
        for relative in ["people", ".crm"] + requiredLines.map(\.file) { _ = try FileSystem.pathInside(dir, relative, for: .folder) }
        _ = try FileSystem.pathInside(dir, ".crm/config.yaml", for: .folder)
        for folder in ["", "/people", "/.crm"] where !FileSystem.isDirectory(dir + folder) {
            try FileSystem.makeDirectories(dir + folder)
            if !folder.isEmpty { created.append(String(folder.dropFirst()) + "/") }
        }
        if !FileSystem.exists(dir + "/.crm/config.yaml") {
            try FileSystem.create(dir + "/.crm/config.yaml", with: Array(defaultConfig.utf8))
            created.append(".crm/config.yaml")
        }
        for (file, header, lines) in requiredLines {
            let path = dir + "/" + file
            guard FileSystem.exists(path) else {
                try FileSystem.create(path, with: Array(([header] + lines).map { $0 + "\n" }.joined().utf8))
                created.append(file)
                continue
            }
            let (bytes, stamp) = try FileSystem.readFile(path)
            let present = Set(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingSpaces })
            let missing = lines.filter { !present.contains($0) }
            guard !missing.isEmpty else { continue }
            var out = bytes
            if let last = out.last, last != 0x0A { out.append(0x0A) }
            out += Array(([header] + missing).map { $0 + "\n" }.joined().utf8)
            try FileSystem.replace(path, with: out, mode: stamp.mode)
            updated.append(file)
        }
        return (created, updated)
    }
}
