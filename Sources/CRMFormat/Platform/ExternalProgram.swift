/// A program the person chose for `crm` to start on their behalf (the editor, the pager, the
/// opener of `tel:`, `sms:` and `mailto:` links), read from a setting of theirs: an environment
/// variable (`EDITOR="code --wait"`) or their own configuration file, never a file of the vault.
/// `package`: for the tool and the app, not the library's API.
///
/// It starts from an argument vector, never through a shell. The setting is split into words
/// as a POSIX shell splits a simple command, without expanding anything: words end at unquoted
/// spaces and tabs; `'…'` keeps every character; `"…"` keeps every character but `\` before
/// `"`, `\`, `$` or a backquote; a `\` outside quotes keeps the character after it; a word
/// starting with `~/` starts in the home folder. Whatever only a shell could do (`$VAR`,
/// `$(…)`, backquotes, `|`, `&`, `;`, `<`, `>`, `(`, `)`, unquoted `*`, `?`, `[`, a `#` that starts
/// a word, a line break) is refused with `ProgramSettingError`, never guessed at: put such a
/// command in a script and name the script. (git hands such a setting to `sh -c`; a program
/// named in a file another person can write must not be able to ask for a shell.)
package struct ExternalProgram: Sendable, Equatable, CustomStringConvertible {
    /// The program and the arguments the setting gives it: `["code", "--wait"]`; never empty.
    package let words: [String]
    /// Where the setting was found, for messages: `$EDITOR`, `editor: in ~/.config/crm/config.yaml`.
    package let origin: String

    /// `setting` split into words, as above; `home` is what a leading `~` stands for. Nil when
    /// the setting holds no word (empty, or only spaces).
    package init?(_ setting: String, origin: String, home: String?) throws(ProgramSettingError) {
        let words = try Self.words(of: setting, origin: origin, home: home)
        guard !words.isEmpty else { return nil }
        self.words = words
        self.origin = origin
    }

    /// A program given as its words (`["xdg-open"]`), found by the tool itself.
    package init(words: [String], origin: String) {
        precondition(!words.isEmpty, "a program has a name")
        self.words = words
        self.origin = origin
    }

    /// The words as the setting spelt them, for messages: `code --wait`.
    package var description: String { words.joined(separator: " ") }

    /// The program with `arguments` after the setting's own, each as it is.
    package func subprocess(_ arguments: [String], environment: [String: String]? = nil) -> Subprocess {
        Subprocess(words[0], Array(words.dropFirst()) + arguments, environment: environment)
    }

    /// Runs the program with `arguments` on this process's terminal and waits for it (see
    /// `Subprocess.runOnTerminal`); throws when it cannot be started.
    package func runOnTerminal(_ arguments: [String], environment: [String: String]? = nil) throws(SubprocessError) -> Subprocess.Termination {
        try subprocess(arguments, environment: environment).runOnTerminal()
    }

    /// `path` as an argument that no program reads as an option: a relative path starting with
    /// `-` gets `./` before it (as `rm ./-file`), which every program reads as the same file;
    /// `--` would do for programs that read it, but not every editor does (nor `xdg-open`).
    package static func fileArgument(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }

    /// Whether `name` is an executable file in one of `$PATH`'s folders.
    package static func isOnPath(_ name: String, environment: [String: String]) -> Bool {
        Subprocess.locate(name, path: environment["PATH"]) != nil
    }

    /// The words of `setting` (see the type's documentation).
    static func words(of setting: String, origin: String, home: String?) throws(ProgramSettingError) -> [String] {
        func refuse(_ what: String) -> ProgramSettingError {
            ProgramSettingError(origin: origin, setting: setting, problem: what)
        }
        var words: [String] = []
        var word: [Unicode.Scalar] = []
        var inWord = false
        var scalars = Array(setting.unicodeScalars)[...]
        func endWord() {
            if inWord { words.append(String(String.UnicodeScalarView(word))) }
            word = []
            inWord = false
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case " ", "\t":
                endWord()
            case "'":
                inWord = true
                guard let end = scalars.firstIndex(of: "'") else { throw refuse("a ' that is never closed") }
                word += scalars[..<end]
                scalars = scalars[(end + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let inner = scalars.popFirst() {
                    if inner == "\"" { closed = true; break }
                    if inner == "$" || inner == "`" { throw refuse("'\(inner)' inside \"…\", which only a shell expands") }
                    if inner == "\\", let next = scalars.first, "\"\\$`".unicodeScalars.contains(next) {
                        word.append(next)
                        scalars.removeFirst()
                    } else {
                        word.append(inner)
                    }
                }
                guard closed else { throw refuse("a \" that is never closed") }
            case "\\":
                guard let next = scalars.popFirst() else { throw refuse("a \\ at the end") }
                if next == "\n" { throw refuse("a line break") }
                inWord = true
                word.append(next)
            case "~" where !inWord && (scalars.first == nil || scalars.first == "/" || scalars.first == " " || scalars.first == "\t"):
                guard let home, !home.isEmpty else { throw refuse("'~', but HOME is not set") }
                inWord = true
                word += home.unicodeScalars
            case "#" where !inWord:
                throw refuse("'#', which starts a comment in a shell")
            case "\n", "\r":
                throw refuse("a line break")
            case "$", "`", "|", "&", ";", "<", ">", "(", ")", "*", "?", "[":
                throw refuse("'\(scalar)', which only a shell reads")
            default:
                inWord = true
                word.append(scalar)
            }
        }
        endWord()
        return words
    }
}

/// A program setting `crm` will not run: what in it needs a shell, and where it came from.
package struct ProgramSettingError: Error, Sendable, Equatable, CustomStringConvertible {
    package var origin: String
    package var setting: String
    package var problem: String

    /// `$EDITOR ('vim | tee') has '|', which only a shell reads; crm starts programs without a
    /// shell: put the command in a script and name the script`.
    package var description: String {
        "\(origin) ('\(setting)') has \(problem); crm starts programs without a shell: put the command in a script and name the script"
    }
}
