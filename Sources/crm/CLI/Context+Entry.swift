import CRMKit

/// The options `crm log` and `crm plan` share: the note, `--time` and `--type`.
extension Context {
    /// The NOTE… words joined with spaces, or standard input for a lone `-`, in the form a note
    /// reads back from a file (`Interaction.normalizedNote`). Empty notes and control characters
    /// are usage errors.
    func note(_ words: ArraySlice<String>) throws -> String {
        var note: String
        if words.count == 1 && words.first == "-" {
            note = String(decoding: terminal.readStandardInput(), as: UTF8.self)
        } else {
            note = words.joined(separator: " ")
        }
        note = Interaction.normalizedNote(note)
        guard !note.isEmpty else { throw UsageError("the note is empty") }
        guard !note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) else {
            throw UsageError("the note has control characters")
        }
        return note
    }

    /// `--time HH:MM`, when given.
    func timeOption() throws -> TimeOfDay? {
        guard let text = arguments.value("--time") else { return nil }
        guard let time = TimeOfDay(text) else { throw UsageError("--time: '\(text)' is not HH:MM (00:00 to 23:59)") }
        return time
    }

    /// `--type T`, one of the vault's types; the first of them when not given.
    func typeOption(_ vault: Vault) throws -> String {
        let types = vault.config.types
        let type = (arguments.value("--type") ?? types[0]).lowercased()
        guard types.contains(type) else {
            throw UsageError("--type: '\(type)' is not one of the vault's types: \(types.joined(separator: ", "))")
        }
        return type
    }
}
