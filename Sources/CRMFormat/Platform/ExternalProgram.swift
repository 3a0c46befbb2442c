/// Programs the tool starts on the user's behalf (an editor, an opener), on the same terminal.
/// `package`: for the tool and the app, not the library's API.
package enum ExternalProgram {
    /// The editor `crm edit` and `crm browse` open: `$VISUAL`, else `$EDITOR`, else `vi`.
    package static func editor(environment: [String: String]) -> String {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }

    /// Runs `command`, a shell command line that may hold arguments (`code --wait`), with
    /// `argument` after them, on this process's terminal, and waits for it; returns its exit
    /// status (128 + the signal for one that a signal ended).
    ///
    /// As `system(3)` runs a program: in this process's group, so that an editor in the terminal
    /// (vi, nano) owns the terminal instead of being stopped by it, as Foundation's `Process`
    /// (which starts a group of its own) would have it; Ctrl-C and Ctrl-\ meanwhile go to the
    /// program alone (this process ignores them until it ends; the program gets the defaults).
    package static func run(_ command: String, argument: String, environment: [String: String]? = nil) throws -> Int32 {
        // The shell splits the setting; the argument goes as "$1", never split or expanded.
        try Subprocess.shell(command + " \"$1\"", arguments: [argument], environment: environment).runOnTerminal().shellStatus
    }

    /// Whether `name` is an executable file in one of `$PATH`'s folders.
    package static func isOnPath(_ name: String, environment: [String: String]) -> Bool {
        Subprocess.locate(name, path: environment["PATH"]) != nil
    }
}
