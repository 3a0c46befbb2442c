#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program to start, with its arguments, environment, folder and standard streams: the one way
/// the library and `crm` start a process (git, an editor, a pager), by `posix_spawn`.
///
/// No shell is involved: each argument reaches the program as it is (a setting such as
/// `EDITOR="code --wait"` is split into words by `ExternalProgram`). A program named without a `/` is looked for in the folders of the
/// environment's `PATH`, as `execvp` does (see `locate(_:path:)`).
package struct Subprocess: Sendable {
    /// Where one of the program's standard streams goes.
    package enum Stream: Sendable, Equatable {
        /// Where this process's goes (the terminal, a file, a pipe).
        case inherit
        /// `/dev/null`: the program reads nothing; what it writes is dropped.
        case null
        /// A pipe to this process: `run` writes the input into it or reads the output from it;
        /// `start` hands this process's end of it out.
        case pipe
    }

    /// A path, or a name looked for in `PATH`.
    package var program: String
    package var arguments: [String]
    /// The program's whole environment; nil for this process's own.
    package var environment: [String: String]?
    /// The folder the program starts in; nil for this process's.
    package var directory: String?
    package var standardInput: Stream = .inherit
    package var standardOutput: Stream = .inherit
    package var standardError: Stream = .inherit

    package init(_ program: String, _ arguments: [String] = [], environment: [String: String]? = nil, directory: String? = nil) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
    }

    /// How a program ended.
    package enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status (0 to 255).
        case exited(Int32)
        /// A signal ended it (`SIGKILL` is 9).
        case signalled(Int32)

        /// Exited with status 0.
        package var succeeded: Bool { self == .exited(0) }

        /// The status a shell gives it in `$?`: the exit status, or 128 + the signal.
        package var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        /// `exited with status 3`, `was killed by signal 9`.
        package var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
        }

        /// The status `waitpid` reports, read as its `WIFEXITED`/`WTERMSIG` macros do (the same
        /// layout on Linux and Darwin).
        init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }
    }

    /// What a program that ran wrote, and how it ended.
    package struct Finished: Sendable {
        package var termination: Termination
        /// Its standard output, byte for byte, when that was a pipe.
        package var output: [UInt8]
        /// Its standard error, when that was a pipe.
        package var errorOutput: [UInt8]
        package var succeeded: Bool { termination.succeeded }
    }

    /// A program started and not yet waited for, with this process's ends of its pipes (nil where
    /// a stream is not a pipe). The caller closes them.
    package struct Running: Sendable {
        package var id: Int32
        /// Where to write the program's input; closing it ends the input.
        package var standardInput: Int32?
        package var standardOutput: Int32?
        package var standardError: Int32?
        let program: String

        /// Waits for the program to end. Only async-signal-safe calls, so a signal handler may call it.
        package func wait() throws(SubprocessError) -> Termination {
            var status: Int32 = 0
            while waitpid(id, &status, 0) < 0 {
                if errno == EINTR { continue }
                throw SubprocessError(program: program, errno: errno, doing: "cannot wait for")
            }
            return Termination(waitStatus: status)
        }
    }

    /// Runs a program the person uses on this terminal (an editor, a viewer) to its end, from its
    /// argument vector (never a shell), in this process's group, so that it owns the terminal this process owns
    /// (a program in a group of its own is stopped when it reads the terminal); Ctrl-C and Ctrl-\
    /// meanwhile go to it alone (this process ignores them until it ends, the program gets their
    /// default actions). The streams are as set, usually inherited.
    package func runOnTerminal() throws(SubprocessError) -> Termination {
        let interrupt = signal(SIGINT, SIG_IGN)
        let quit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        return try start(defaultSignals: [SIGPIPE, SIGINT, SIGQUIT]).wait()
    }

    /// Starts the program; throws, naming it, when it cannot be found or started. It starts in
    /// this process's process group (never one of its own), so a terminal this process owns is
    /// its terminal too.
    package func start() throws(SubprocessError) -> Running {
        try start(defaultSignals: [SIGPIPE])
    }

    /// `start()`, with `defaultSignals` at their default action in the program whatever this
    /// process does with them.
    private func start(defaultSignals: [Int32]) throws(SubprocessError) -> Running {
        let path = try resolvedPath()
        var actions = FileActions()
        defer { actions.destroy() }
        // This process's ends of the pipes, and the program's ends (closed here once it started).
        var ours: [Int32?] = [nil, nil, nil]
        var theirs: [Int32] = []
        func closeAll() {
            for fd in ours.compactMap({ $0 }) + theirs { _ = close(fd) }
        }
        for (fd, stream) in [standardInput, standardOutput, standardError].enumerated() {
            let fd = Int32(fd)
            switch stream {
            case .inherit: break
            case .null: actions.open(fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            case .pipe:
                var ends: [Int32] = [-1, -1]   // read, write; neither left open in programs started meanwhile
                guard pipe(&ends) == 0 else {
                    let code = errno
                    closeAll()
                    throw SubprocessError(program: program, errno: code, doing: "cannot make a pipe for")
                }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (mine, child) = fd == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                ours[Int(fd)] = mine
                theirs.append(child)
                actions.duplicate(child, to: fd)
            }
        }
        if let directory, !actions.changeDirectory(to: directory) {
            closeAll()
            throw SubprocessError(program: program, reason: "this C library cannot start a program in another folder (\(directory))")
        }
        var attributes = SpawnAttributes(defaultSignals: defaultSignals)
        defer { attributes.destroy() }
        let argv = CStrings([program] + arguments)
        let envp = environment.map { CStrings($0.map { $0.key + "=" + $0.value }) }
        defer { argv.release(); envp?.release() }
        var pid: pid_t = 0
        var code: Int32 = 0
        // ETXTBSY: a program file just written can still be open for writing in a child another
        // thread is starting (until that child's exec closes it); the moment passes, so try again.
        for attempt in 1...50 {
            code = actions.withPointer { actions in
                attributes.withPointer { attributes in
                    if let envp { posix_spawn(&pid, path, actions, attributes, argv.pointers, envp.pointers) }
                    else { posix_spawn(&pid, path, actions, attributes, argv.pointers, Platform.environ) }
                }
            }
            guard code == ETXTBSY, attempt < 50 else { break }
            usleep(2_000)
        }
        for fd in theirs { _ = close(fd) }
        theirs = []
        guard code == 0 else {
            closeAll()
            if let directory, !Platform.isDirectory(directory) {
                throw SubprocessError(program: program, errno: errno, doing: "cannot run", in: directory)
            }
            throw SubprocessError(program: program, errno: code, doing: "cannot run")
        }
        return Running(id: pid, standardInput: ours[0], standardOutput: ours[1], standardError: ours[2], program: program)
    }

    /// Runs the program to its end: `input` written to its standard input when that is a pipe
    /// (then closed), its output and error read beside it when those are pipes, so that neither
    /// side waits for the other. Throws only when it cannot be started or waited for.
    package func run(input: [UInt8] = []) throws(SubprocessError) -> Finished {
        let running = try start()
        let (output, errorOutput) = Self.exchange(input, into: running.standardInput,
                                                  from: running.standardOutput, running.standardError)
        return Finished(termination: try running.wait(), output: output, errorOutput: errorOutput)
    }

    /// Writes `input` into `inputFD` while reading `outputFD` and `errorFD` to their ends, all
    /// in one `poll` loop; closes the three. A program that stops reading early ends the input
    /// (the write's SIGPIPE is held and discarded, so this process goes on).
    private static func exchange(_ input: [UInt8], into inputFD: Int32?, from outputFD: Int32?, _ errorFD: Int32?) -> ([UInt8], [UInt8]) {
        var read: [[UInt8]] = [[], []]
        var open: [Int32?] = [inputFD, outputFD, errorFD]
        var written = 0
        if let fd = inputFD {
            // Non-blocking: a write puts in what fits instead of waiting for room.
            if input.isEmpty { _ = close(fd); open[0] = nil } else { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        let heldPipeSignal = open[0] != nil ? Platform.holdPipeSignal() : nil
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.contains(where: { $0 != nil }) {
            var polled = open.enumerated().compactMap { index, fd in
                fd.map { pollfd(fd: $0, events: Int16(index == 0 ? POLLOUT : POLLIN), revents: 0) }
            }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in polled where entry.revents != 0 {
                let index = open.firstIndex { $0 == entry.fd }!
                if index == 0 {
                    let n = input.withUnsafeBytes { Platform.write(entry.fd, $0.baseAddress! + written, input.count - written) }
                    if n > 0 { written += n }
                    if (n < 0 && errno != EINTR && errno != EAGAIN) || written == input.count {
                        _ = close(entry.fd)
                        open[0] = nil
                    }
                } else {
                    let n = buffer.withUnsafeMutableBytes { Platform.read(entry.fd, $0.baseAddress!, $0.count) }
                    if n > 0 {
                        read[index - 1] += buffer[0..<n]
                    } else if n == 0 || errno != EINTR {
                        _ = close(entry.fd)
                        open[index] = nil
                    }
                }
            }
        }
        if let heldPipeSignal { Platform.release(heldPipeSignal) }
        return (read[0], read[1])
    }

    /// The file to start: `program` itself when it holds a `/`, else the first executable file of
    /// that name in the environment's `PATH`.
    private func resolvedPath() throws(SubprocessError) -> String {
        let path = environment.map { $0["PATH"] } ?? getenv("PATH").map { String(cString: $0) }
        guard let found = Self.locate(program, path: path, in: directory) else {
            throw SubprocessError(program: program, reason: "not found in PATH")
        }
        return found
    }

    /// Where `execvp` finds `name`: each folder of `path` (`:`-separated, an empty entry is the
    /// current folder; `/bin:/usr/bin` when there is no `PATH`) in turn, the first regular file
    /// there this process may execute; nil when there is none. `name` itself when it holds a `/`.
    /// A relative folder is relative to `directory`, the folder the program will start in, as it
    /// is for `execvp` called there.
    package static func locate(_ name: String, path: String?, in directory: String? = nil) -> String? {
        if name.contains("/") { return name }
        guard !name.isEmpty else { return nil }
        for folder in (path ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            let checked = candidate.hasPrefix("/") ? candidate : (directory.map { $0 + "/" } ?? "") + candidate
            if Platform.isExecutableFile(checked) { return candidate }
        }
        return nil
    }
}

/// Why a program could not be started, naming it: `cannot run 'gti': not found in PATH`.
package struct SubprocessError: Error, Sendable, CustomStringConvertible {
    package var program: String
    package var reason: String
    var doing = "cannot run"

    init(program: String, reason: String) {
        self.program = program
        self.reason = reason
    }

    /// `cannot run 'git': Permission denied`; with `directory`, what is wrong is that folder:
    /// `cannot run 'git' in /tmp/gone: No such file or directory`.
    init(program: String, errno code: Int32, doing: String, in directory: String? = nil) {
        self.init(program: program, reason: String(cString: strerror(code)))
        self.doing = doing
        self.directory = directory
    }

    var directory: String?

    package var description: String { "\(doing) '\(program)'" + (directory.map { " in " + $0 } ?? "") + ": \(reason)" }
}

/// `posix_spawn_file_actions_t`, which Darwin declares as a pointer and Linux as a struct.
private struct FileActions {
    #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t? = nil
    #else
    private var actions = posix_spawn_file_actions_t()
    #endif

    init() { posix_spawn_file_actions_init(&actions) }

    mutating func open(_ fd: Int32, _ path: String, _ flags: Int32) {
        posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0)
    }

    mutating func duplicate(_ fd: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, fd, target)
    }

    /// Whether the C library has `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later,
    /// musl 1.1.24, macOS 10.15): glibc declares it only for `_GNU_SOURCE`, which Swift's view of
    /// its headers leaves out, so it is looked up by name there.
    mutating func changeDirectory(to path: String) -> Bool {
        #if canImport(Darwin)
        return posix_spawn_file_actions_addchdir_np(&actions, path) == 0
        #else
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return false }
        return unsafeBitCast(symbol, to: AddChdir.self)(&actions, path) == 0
        #endif
    }

    mutating func destroy() { posix_spawn_file_actions_destroy(&actions) }

    #if canImport(Darwin)
    mutating func withPointer<T>(_ body: (UnsafePointer<posix_spawn_file_actions_t?>) -> T) -> T { body(&actions) }
    #else
    mutating func withPointer<T>(_ body: (UnsafePointer<posix_spawn_file_actions_t>) -> T) -> T { body(&actions) }
    #endif
}

/// `posix_spawnattr_t`: the program starts with no signal blocked (a thread of this process may
/// block some) and with the default action of the signals given, whatever this process does with
/// them. No `POSIX_SPAWN_SETPGROUP`: the program is in this process's group.
private struct SpawnAttributes {
    #if canImport(Darwin)
    private var attributes: posix_spawnattr_t? = nil
    #else
    private var attributes = posix_spawnattr_t()
    #endif

    init(defaultSignals: [Int32]) {
        posix_spawnattr_init(&attributes)
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for number in defaultSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    mutating func destroy() { posix_spawnattr_destroy(&attributes) }

    #if canImport(Darwin)
    mutating func withPointer<T>(_ body: (UnsafePointer<posix_spawnattr_t?>) -> T) -> T { body(&attributes) }
    #else
    mutating func withPointer<T>(_ body: (UnsafePointer<posix_spawnattr_t>) -> T) -> T { body(&attributes) }
    #endif
}

/// A NULL-terminated array of C strings (`argv`, `envp`), freed by `release()`.
private struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) { pointers = strings.map { strdup($0) } + [nil] }

    func release() { pointers.forEach { free($0) } }
}
