@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import Foundation
import Testing

/// The one process runner (`Subprocess`): exit statuses and signals, environment, folder, pipes
/// and /dev/null, arguments that reach the program as they are, `PATH` lookup as `execvp` does it,
/// and errors that name the program.
@Suite struct SubprocessTests {
    /// A fresh temporary folder, removed at the end of the test.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("crm-subprocess-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Writes a file with `text` and `mode`; returns its path.
        @discardableResult
        func file(_ name: String, _ text: String, mode: Int = 0o755) throws -> String {
            let file = path + "/" + name
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
            return file
        }
    }

    /// `/bin/sh -c SCRIPT` with its output and error read through pipes.
    func shell(_ script: String, _ arguments: [String] = [], environment: [String: String]? = nil,
               directory: String? = nil, input: [UInt8] = []) throws(SubprocessError) -> Subprocess.Finished {
        var process = Subprocess.shell(script, arguments: arguments, environment: environment, directory: directory)
        process.standardInput = input.isEmpty ? .null : .pipe
        process.standardOutput = .pipe
        process.standardError = .pipe
        return try process.run(input: input)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("The exit status is the program's, 0 to 255", arguments: [0, 1, 2, 3, 127, 128, 255])
    func exitStatus(status: Int32) throws {
        let finished = try shell("exit \(status)")
        #expect(finished.termination == .exited(status))
        #expect(finished.succeeded == (status == 0))
    }

    @Test("A program ended by a signal says which", arguments: [SIGTERM, SIGKILL, SIGINT, SIGPIPE])
    func signalled(number: Int32) throws {
        let finished = try shell("kill -\(number) $$; sleep 5")
        #expect(finished.termination == .signalled(number))
        #expect(!finished.succeeded)
        #expect(finished.termination.description == "was killed by signal \(number)")
        #expect(Subprocess.Termination.exited(3).description == "exited with status 3")
        #expect(finished.termination.shellStatus == 128 + number)
        #expect(Subprocess.Termination.exited(3).shellStatus == 3)
    }

    @Test("The environment given is the program's whole environment; none given is this process's")
    func environment() throws {
        var env = Subprocess("/usr/bin/env", environment: ["CRM_ONE": "1", "CRM_TWO": "a b=c\u{E9}"])
        env.standardOutput = .pipe
        #expect(text(try env.run().output).split(separator: "\n").sorted() == ["CRM_ONE=1", "CRM_TWO=a b=c\u{E9}"])
        let own = try shell("printf '%s' \"$HOME\"")
        #expect(text(own.output) == ProcessInfo.processInfo.environment["HOME"])
        #expect(Platform.environment()["HOME"] == ProcessInfo.processInfo.environment["HOME"])
        #expect(Platform.environment()["PATH"] == ProcessInfo.processInfo.environment["PATH"])
    }

    @Test("The program starts in the folder given; without one, in this process's")
    func directory() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/a b", withIntermediateDirectories: true)
        let real = URL(fileURLWithPath: folder.path + "/a b").resolvingSymlinksInPath().path
        #expect(text(try shell("pwd -P", directory: folder.path + "/a b").output) == real + "\n")
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        #expect(text(try shell("pwd -P").output) == here + "\n")
        do {
            _ = try shell("true", directory: folder.path + "/missing")
            Issue.record("started a program in a folder that does not exist")
        } catch {
            #expect(error.description == "cannot run '/bin/sh' in \(folder.path)/missing: No such file or directory")
        }
    }

    @Test("Input written through a pipe while output and error are read: more than a pipe holds, no deadlock")
    func pipes() throws {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        let input = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let finished = try shell("cat; cat /dev/null; printf 'done' >&2", input: input)
        #expect(finished.output == input)
        #expect(text(finished.errorOutput) == "done")
        // Output and error both large at once.
        let both = try shell("i=0; while [ $i -lt 2000 ]; do echo \"out $i\"; echo \"err $i\" >&2; i=$((i+1)); done")
        #expect(text(both.output).split(separator: "\n").count == 2000)
        #expect(text(both.errorOutput).hasSuffix("err 1999\n"))
    }

    @Test("/dev/null: nothing to read, what is written is dropped; inherit writes where this process does")
    func nullStreams() throws {
        var cat = Subprocess("cat")
        cat.standardInput = .null
        cat.standardOutput = .pipe
        #expect(try cat.run().output == [])
        var quiet = Subprocess.shell("echo lost; echo lost >&2; exit 4")
        quiet.standardOutput = .null
        quiet.standardError = .null
        let finished = try quiet.run()
        #expect(finished.termination == .exited(4))
        #expect(finished.output == [] && finished.errorOutput == [])
    }

    @Test("start hands out this process's end of the input pipe; closing it ends the input")
    func startAndWait() throws {
        var wc = Subprocess("wc", ["-c"])
        wc.standardInput = .pipe
        wc.standardOutput = .pipe
        let running = try wc.start()
        let fd = try #require(running.standardInput)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        handle.write(Data("twelve bytes".utf8))
        try handle.close()
        let output = FileHandle(fileDescriptor: try #require(running.standardOutput), closeOnDealloc: true).readDataToEndOfFile()
        #expect(try running.wait() == .exited(0))
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "12")
    }

    @Test("Each argument reaches the program as it is: no shell splits or expands it (seeded)")
    func argumentsAreNotSplit() throws {
        var generator = SeededGenerator(seed: 0xA56_0002)
        let pieces = ["a", " ", "  ", "\t", "\n", "'", "\"", "\\", "$HOME", "`id`", "*", "?", "~", ";", "|", "&", ">", "<",
                      "(", ")", "{}", "#", "=", "-n", "--", "é", "山", "😀", "%s", "\r"]
        for _ in 0..<40 {
            let arguments = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            var printf = Subprocess("printf", ["%s\\0"] + arguments)
            printf.standardOutput = .pipe
            let printed = try printf.run().output
            let expected: [UInt8] = arguments.isEmpty ? [0] : arguments.flatMap { Array($0.utf8) + [0] }
            #expect(printed == expected, "\(arguments)")
            // shell(_:arguments:): the script sees them as "$1"… without splitting either.
            #expect(try shell("printf '%s\\0' \"$@\"", arguments).output == expected)
        }
    }

    @Test("A program not found is an error naming it; so is a path that is not a program")
    func missingProgram() throws {
        let folder = try Folder()
        #expect(throws: SubprocessError.self) { try Subprocess("crm-no-such-program").run() }
        do {
            _ = try Subprocess("crm-no-such-program", environment: ["PATH": folder.path]).run()
            Issue.record("started a program that does not exist")
        } catch {
            #expect(error.description == "cannot run 'crm-no-such-program': not found in PATH")
        }
        do {
            _ = try Subprocess(folder.path + "/missing").run()
            Issue.record("started a program that does not exist")
        } catch {
            #expect(error.description == "cannot run '\(folder.path)/missing': No such file or directory")
        }
        let plain = try folder.file("plain", "not a program", mode: 0o644)
        do {
            _ = try Subprocess(plain).run()
            Issue.record("started a file that is not executable")
        } catch {
            #expect(error.description == "cannot run '\(plain)': Permission denied")
        }
    }

    @Test("PATH is searched as execvp does: in order, skipping what is not an executable file")
    func pathLookup() throws {
        let folder = try Folder()
        try folder.file("first/tool", "#!/bin/sh\necho first\n", mode: 0o644)   // not executable: skipped
        try FileManager.default.createDirectory(atPath: folder.path + "/second/tool", withIntermediateDirectories: true)   // a folder: skipped
        try folder.file("third/tool", "#!/bin/sh\necho third \"$@\"\n")
        try folder.file("fourth/tool", "#!/bin/sh\necho fourth\n")
        let path = ["first", "second", "third", "fourth"].map { folder.path + "/" + $0 }.joined(separator: ":")
        #expect(Subprocess.locate("tool", path: path) == folder.path + "/third/tool")
        #expect(Subprocess.locate("tool", path: folder.path + "/first") == nil)
        #expect(Subprocess.locate("sh", path: nil) == "/bin/sh")
        #expect(Subprocess.locate("./tool", path: path) == "./tool")
        #expect(Subprocess.locate("", path: path) == nil)
        // An empty entry, or a relative folder, is one in the folder the program starts in.
        #expect(Subprocess.locate("tool", path: "/nowhere:", in: folder.path + "/third") == "./tool")
        #expect(Subprocess.locate("tool", path: "fourth", in: folder.path) == "fourth/tool")
        #expect(Subprocess.locate("tool", path: "fourth", in: folder.path + "/third") == nil)
        var relative = Subprocess("tool", environment: ["PATH": "/nowhere:fourth"], directory: folder.path)
        relative.standardOutput = .pipe
        #expect(text(try relative.run().output) == "fourth\n")
        var tool = Subprocess("tool", ["x y"], environment: ["PATH": path])
        tool.standardOutput = .pipe
        #expect(text(try tool.run().output) == "third x y\n")
    }

    @Test("A script without a #! line is not run by a shell (posix_spawn, not execvp): an error names it")
    func scriptWithoutInterpreter() throws {
        let folder = try Folder()
        let script = try folder.file("bare", "echo hi\n")
        do {
            _ = try Subprocess(script).run()
            Issue.record("started a script without #!")
        } catch {
            #expect(error.description == "cannot run '\(script)': Exec format error")
        }
    }

    /// What happens with SIGPIPE, whose action in this process the tests set (one at a time).
    @Suite(.serialized) struct PipeSignal {
        /// Runs `body` with SIGPIPE ignored or at its default action, then puts the previous one back.
        func with(ignored: Bool, _ body: () throws -> Void) rethrows {
            let previous = signal(SIGPIPE, ignored ? SIG_IGN : SIG_DFL)
            defer { _ = signal(SIGPIPE, previous) }
            try body()
        }

        @Test("A program that stops reading its input early ends it; this process, killed by SIGPIPE by default, goes on")
        func readerStopsEarly() throws {
            try with(ignored: false) {
                let input = [UInt8](repeating: 0x61, count: 1_000_000)
                var head = Subprocess("head", ["-c", "5"])
                head.standardInput = .pipe
                head.standardOutput = .pipe
                let finished = try head.run(input: input)
                #expect(finished.succeeded)
                #expect(String(decoding: finished.output, as: UTF8.self) == "aaaaa")
                // This thread's signal mask is as it was: SIGPIPE is not left blocked.
                var mask = sigset_t()
                pthread_sigmask(SIG_SETMASK, nil, &mask)
                #expect(sigismember(&mask, SIGPIPE) == 0)
            }
        }

        @Test("The program gets SIGPIPE's default action even when this process ignores it")
        func defaultInTheProgram() throws {
            try with(ignored: true) {
                var pipeline = Subprocess.shell("(yes; echo \"status $?\" >&2) | head -c 1 >/dev/null")
                pipeline.standardError = .pipe
                let finished = try pipeline.run()
                #expect(String(decoding: finished.errorOutput, as: UTF8.self) == "status \(128 + SIGPIPE)\n")
            }
        }
    }

    /// A program run on the terminal (`runOnTerminal`), as `system(3)` runs an editor; the tests
    /// set SIGINT's action in this process, one at a time.
    @Suite(.serialized) struct OnTerminal {
        /// Whether this process ignores `number`.
        func isIgnored(_ number: Int32) -> Bool {
            var action = sigaction()
            sigaction(number, nil, &action)
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        }

        @Test("It runs in this process's group, so it owns the terminal this process owns; the streams are inherited")
        func sameProcessGroup() throws {
            let folder = try Folder()
            let out = folder.path + "/group"
            let finished = try Subprocess.shell("ps -o pgid= -p $$ | tr -d ' ' > \"$1\"; exit 5", arguments: [out]).runOnTerminal()
            #expect(finished == .exited(5))
            let group = try String(contentsOfFile: out, encoding: .utf8)
            #expect(group == "\(getpgrp())\n")
        }

        @Test("Ctrl-C goes to the program alone: this process ignores it meanwhile, the program gets the default action")
        func interruptGoesToTheProgram() throws {
            let previous = signal(SIGINT, SIG_IGN)
            defer { _ = signal(SIGINT, previous) }
            // Started as other programs are, it keeps this process's "ignored"…
            var plain = Subprocess.shell("kill -INT $$; exit 7")
            plain.standardInput = .null
            #expect(try plain.run().termination == .exited(7))
            // …on the terminal, it gets the default, and this process's action is put back after.
            #expect(try Subprocess.shell("kill -INT $$; exit 7").runOnTerminal() == .signalled(SIGINT))
            #expect(try Subprocess.shell("kill -QUIT $$; exit 7").runOnTerminal() == .signalled(SIGQUIT))
            #expect(isIgnored(SIGINT))
        }

        @Test("A program that cannot be started is an error naming it, and the signals are put back")
        func missing() throws {
            let previous = signal(SIGINT, SIG_DFL)
            defer { _ = signal(SIGINT, previous) }
            #expect(throws: SubprocessError.self) { try Subprocess("crm-no-such-editor", environment: ["PATH": "/nowhere"]).runOnTerminal() }
            #expect(!isIgnored(SIGINT))
        }
    }
}

extension Subprocess {
    /// `/bin/sh -c SCRIPT sh ARGUMENTS…`, for the tests' own programs: the script reads the
    /// arguments as `"$1"`…, which the shell does not split. (`crm` itself never starts a shell.)
    static func shell(_ script: String, arguments: [String] = [], environment: [String: String]? = nil,
                      directory: String? = nil) -> Subprocess {
        Subprocess("/bin/sh", ["-c", script, "sh"] + arguments, environment: environment, directory: directory)
    }
}
