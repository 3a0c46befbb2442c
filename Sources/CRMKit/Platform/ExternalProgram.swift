#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", argument]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let interrupt = signal(SIGINT, SIG_IGN)
        let quit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        var pid: pid_t = 0
        var envpCopy = envp ?? []
        let spawned = envp == nil ? posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, currentEnvironment())
            : posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, &envpCopy)
        guard spawned == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(spawned))])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return 1 }
        }
        // WIFEXITED and WEXITSTATUS, WTERMSIG: the C macros Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private static func currentEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Glibc)
        environ
        #else
        _NSGetEnviron().pointee!
        #endif
    }

    /// Whether `name` is an executable file in one of `$PATH`'s folders.
    package static func isOnPath(_ name: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: folder + "/" + name)
        }
    }
}
