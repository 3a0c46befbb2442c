import CRMKit

/// The options `crm log` and `crm plan` both take, after `--date`.
enum EntryOption {
    static let time = OptionSpec(name: "--time", value: "HH:MM", completion: .none, help: "the time of day, 24-hour clock")
    static let type = OptionSpec(name: "--type", value: "T", completion: .types, help: "one of the vault's types (default: the first, usually call)")
    static let with = OptionSpec(name: "--with", value: "OTHER", completion: .people,
                                 help: "someone else who took part, linked in the note (repeat for several; their files are not changed)",
                                 repeatable: true)
    static let calendar = OptionSpec(name: "--calendar", inline: .files,
                                     help: "also add a calendar event; --calendar=TARGET names the vdir folder or .ics file")
    static let all = [time, type, with, calendar]
}

/// The options `crm log` and `crm plan` share: the note, `--time` and `--type`.
extension Context {
    /// The NOTE… words joined with spaces, or standard input for a lone `-`, as an entry holds it
    /// (`Interaction.note(typed:)`); an empty note or control characters are usage errors.
    func note(_ words: ArraySlice<String>) throws -> String {
        let typed = words.count == 1 && words.first == "-" ? String(decoding: terminal.readStandardInput(), as: UTF8.self)
            : words.joined(separator: " ")
        do throws(VaultError) { return try Interaction.note(typed: typed) } catch { throw UsageError(error.description) }
    }

    /// `--time HH:MM`, when given.
    func timeOption() throws -> TimeOfDay? {
        guard let text = arguments.value(EntryOption.time) else { return nil }
        guard let time = TimeOfDay(text) else { throw UsageError("--time: '\(text)' is not HH:MM (00:00 to 23:59)") }
        return time
    }

    /// `--type T`, one of the vault's types; the first of them when not given.
    func typeOption(_ vault: Vault) throws -> String {
        let types = vault.config.types
        let type = (arguments.value(EntryOption.type) ?? types[0]).lowercased()
        guard types.contains(type) else {
            throw UsageError("--type: '\(type)' is not one of the vault's types: \(types.joined(separator: ", "))")
        }
        return type
    }
}
