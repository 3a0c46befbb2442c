import CRMFormat

/// Which program does each job: the environment and the person's own `UserConfig`, never the
/// vault. A setting that needs a shell throws `ProgramSettingError`, naming it.
extension UserConfig {
    /// The editor (`crm edit`, `e` in `crm browse`): `editor:` here (a choice made for crm, as
    /// git's `core.editor` beats `$VISUAL`), else `$VISUAL`, else `$EDITOR` (an empty variable is
    /// skipped), else `vi`.
    package func editor(environment: [String: String]) throws(ProgramSettingError) -> ExternalProgram {
        let home = environment["HOME"]
        if let editor, let program = try ExternalProgram(editor, origin: origin("editor"), home: home) { return program }
        for variable in ["VISUAL", "EDITOR"] {
            if let value = environment[variable], let program = try ExternalProgram(value, origin: "$" + variable, home: home) {
                return program
            }
        }
        return ExternalProgram(words: ["vi"], origin: "the default editor")
    }

    /// The pager of long output on a terminal, as git chooses its own: `$CRM_PAGER`, else
    /// `pager:` here, else `$PAGER`, else `less -FRX` when there is a `less` on `PATH`. Nil prints
    /// directly: the first of them that is set is empty or `cat`, or there is no `less`.
    package func pager(environment: [String: String]) throws(ProgramSettingError) -> ExternalProgram? {
        let chosen: (setting: String, origin: String)? = environment["CRM_PAGER"].map { ($0, "$CRM_PAGER") }
            ?? pager.map { ($0, origin("pager")) }
            ?? environment["PAGER"].map { ($0, "$PAGER") }
        if let chosen {
            guard let program = try ExternalProgram(chosen.setting, origin: chosen.origin, home: environment["HOME"]),
                  program.words != ["cat"] else { return nil }
            return program
        }
        // `less` is the default only where there is one: never lose the output to a missing pager.
        return ExternalProgram.isOnPath("less", environment: environment) ? ExternalProgram(words: ["less", "-FRX"], origin: "the default pager") : nil
    }

    /// What `crm browse` hands `tel:`, `sms:` and `mailto:` links to: `$CRM_OPENER` (set but
    /// empty: none), else `opener:` here, else `xdg-open` or `open`, whichever is on `PATH`.
    /// Nil when there is none: the app shows the number or address instead.
    package func opener(environment: [String: String]) throws(ProgramSettingError) -> ExternalProgram? {
        let home = environment["HOME"]
        if let variable = environment["CRM_OPENER"] { return try ExternalProgram(variable, origin: "$CRM_OPENER", home: home) }
        if let opener, let program = try ExternalProgram(opener, origin: origin("opener"), home: home) { return program }
        return ["xdg-open", "open"].first { ExternalProgram.isOnPath($0, environment: environment) }
            .map { ExternalProgram(words: [$0], origin: "the default opener") }
    }

    /// `editor: in /home/ada/.config/crm/config.yaml`.
    private func origin(_ key: String) -> String {
        "\(key): in \(path ?? "your crm settings")"
    }
}
