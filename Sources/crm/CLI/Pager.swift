#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRMKit

/// Long output on a terminal goes through a pager, as git's does: `$CRM_PAGER`, else `$PAGER`,
/// else `less -FRX` (which prints a screenful or less as it is, keeps colours and leaves the text
/// on the screen). A variable set to nothing, or to `cat`, prints directly, and so do
/// `--no-pager` and output that is not a terminal. The pager is started before the command runs,
/// with standard output (and standard error, when that is the terminal too) going into it, and
/// waited for when the command ends; the exit status is the command's, whatever the pager's.
/// Like git, `LESS=FRX` and `LV=-c` are set for the pager when they are not set.
enum Pager {
    /// The shell command to page with for `environment`, or nil to print directly.
    static func command(environment: [String: String]) -> String? {
        let chosen = environment["CRM_PAGER"] ?? environment["PAGER"]
        if let chosen {
            let trimmed = chosen.trimmingSpaces
            return trimmed.isEmpty || trimmed == "cat" ? nil : chosen
        }
        // `less` is the default only where there is one: never lose the output to a missing pager.
        return isOnPath("less", environment: environment) ? "less -FRX" : nil
    }

    /// Starts `command` (run by `/bin/sh -c`) reading what this process writes to standard
    /// output, and to standard error when that is a terminal. Returns false, changing nothing,
    /// when it cannot be started.
    static func start(_ command: String, environment: [String: String]) -> Bool {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = pagerEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) == 0 else {
            close(fds[0])
            close(fds[1])
            return false
        }
        close(fds[0])
        savedOutput = dup(1)
        dup2(fds[1], 1)
        if isatty(2) == 1 {
            savedError = dup(2)
            dup2(fds[1], 2)
        }
        close(fds[1])
        pagerID = pid
        // Interrupted or ended meanwhile: the pager still owns the terminal; wait for it first.
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(number) { received in
                Pager.finish()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        return true
    }

    /// Whether a pager is reading the output.
    static var isRunning: Bool { pagerID != 0 }

    /// Ends the output into the pager (it sees the end of its input) and waits for the person
    /// reading to quit it. Only async-signal-safe calls, so a signal handler may call it.
    static func finish() {
        guard pagerID != 0 else { return }
        if savedOutput >= 0 { dup2(savedOutput, 1); close(savedOutput); savedOutput = -1 }
        if savedError >= 0 { dup2(savedError, 2); close(savedError); savedError = -1 }
        var status: Int32 = 0
        while waitpid(pagerID, &status, 0) < 0, errno == EINTR {}
        pagerID = 0
    }

    private static func isOnPath(_ program: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains { folder in
            access(String(folder) + "/" + program, X_OK) == 0
        }
    }
}

/// The pager's process and the standard output and error it replaced; the program runs one
/// command on the main thread, and a signal handler reads them.
nonisolated(unsafe) private var pagerID: pid_t = 0
nonisolated(unsafe) private var savedOutput: Int32 = -1
nonisolated(unsafe) private var savedError: Int32 = -1
