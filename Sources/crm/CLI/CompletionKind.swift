/// What the value of an option or a positional argument completes to in the shell scripts
/// `crm completions` prints. Each option and argument declares it; nothing is guessed from the
/// placeholder's word.
enum CompletionKind: Equatable, Sendable {
    /// Nothing: free text, a date, a number.
    case none
    /// The ids of the vault's people (`crm completions --people WORD`).
    case people
    /// The tags its people have (`crm completions --tags WORD`).
    case tags
    /// Its interaction types (`crm completions --types`).
    case types
    case files, folders
    /// The known front-matter keys (`crm unset`), or each with `=` after it (`crm set`).
    case keys, assignments
    /// These words. On an option they are also the only values it takes.
    case words([String])
}
