#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRMKit

/// Long output on a terminal goes through a pager, as git's does: `$CRM_PAGER`, else `pager:` in
/// the person's own settings, else `$PAGER`, else `less -FRX` (which prints a screenful or less as
/// it is, keeps colours and leaves the text on the screen); see `UserConfig.pager`. A setting of
/// nothing, or `cat`, prints directly, and so do `--no-pager` and output that is not a terminal.
/// The pager is started (from an argument vector, never a shell) before the command runs, with
/// standard output (and standard error, when that is the terminal too) going into it, and
/// waited for when the command ends; the exit status is the command's, whatever the pager's.
/// Like git, `LESS=FRX` and `LV=-c` are set for the pager when they are not set.
enum Pager {
    /// Starts `program` reading what this process writes to standard output, and to standard
    /// error when that is a terminal. Returns false, changing nothing, when it cannot be started.
    static func start(_ program: ExternalProgram, environment: [String: String]) -> Bool {
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
        var pager = program.subprocess([], environment: pagerEnvironment)
        pager.standardInput = .pipe
        guard let running = try? pager.start(), let input = running.standardInput else { return false }
        savedOutput = dup(1)
        dup2(input, 1)
        if isatty(2) == 1 {
            savedError = dup(2)
            dup2(input, 2)
        }
        close(input)
        pagerID = running.id
        // Quitting the pager early is reading enough: a write then fails (EPIPE) instead of ending
        // the process, and the command goes on to its end and status. A handler, not SIG_IGN:
        // programs the command starts (git, an editor) get the default again.
        signal(SIGPIPE) { _ in }
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
}

/// The pager's process and the standard output and error it replaced; the program runs one
/// command on the main thread, and a signal handler reads them.
nonisolated(unsafe) private var pagerID: pid_t = 0
nonisolated(unsafe) private var savedOutput: Int32 = -1
nonisolated(unsafe) private var savedError: Int32 = -1
