import Foundation

/// Programs the tool starts on the user's behalf (an editor, an opener), on the same terminal.
/// `package`: for the tool and the app, not the library's API.
package enum ExternalProgram {
    /// The editor `crm edit` and `crm browse` open: `$VISUAL`, else `$EDITOR`, else `vi`.
    package static func editor(environment: [String: String]) -> String {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }

    /// Runs `command`, a shell command line that may hold arguments (`code --wait`), with
    /// `argument` after them, on this process's terminal, and waits for it; returns its exit status.
    package static func run(_ command: String, argument: String, environment: [String: String]? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell splits the setting; the argument goes as "$1", never split or expanded.
        process.arguments = ["-c", command + " \"$1\"", "sh", argument]
        if let environment { process.environment = environment }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Whether `name` is an executable file in one of `$PATH`'s folders.
    package static func isOnPath(_ name: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: folder + "/" + name)
        }
    }
}
