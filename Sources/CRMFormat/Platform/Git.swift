#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs `git` in a folder and returns what it said; the one place the library starts git.
package struct Git: Sendable {
    /// The folder git runs in (the vault root; it may be below the top of the work tree).
    var directory: String
    /// Extra environment (`GIT_INDEX_FILE` for a commit of chosen files).
    var environment: [String: String] = [:]

    package init(directory: String, environment: [String: String] = [:]) {
        (self.directory, self.environment) = (directory, environment)
    }

    package struct Output: Sendable {
        var status: Int32
        package var stdout: String
        var stderr: String
        /// stdout as git wrote it, byte for byte.
        var bytes: [UInt8] = []
        package var succeeded: Bool { status == 0 }
        /// What git said, stderr first, on one line (for messages).
        package var said: String {
            let text = (stderr + "\n" + stdout).split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            return text.joined(separator: "; ")
        }
    }

    /// `git ARGS`; throws only when git cannot be started at all.
    package func run(_ arguments: [String]) throws(VaultError) -> Output {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        throw VaultError("git cannot be run on this platform")
        #else
        // git itself needs this process's environment (PATH, HOME, its own GIT_* settings); the
        // library reads nothing from it.
        var env = Platform.environment()
        // Plain English messages and no pager or prompt: the output is read, not shown.
        env["LC_ALL"] = "C"
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_PAGER"] = "cat"
        for (key, value) in environment { env[key] = value }
        var git = Subprocess("git", arguments, environment: env, directory: directory)
        git.standardInput = .null
        git.standardOutput = .pipe
        git.standardError = .pipe
        let finished: Subprocess.Finished
        do { finished = try git.run() } catch { throw VaultError(error.description) }
        return Output(status: finished.termination.shellStatus, stdout: String(decoding: finished.output, as: UTF8.self),
                      stderr: String(decoding: finished.errorOutput, as: UTF8.self), bytes: finished.output)
        #endif
    }

    /// `git ARGS`, failing with `what` and git's own words when git does.
    @discardableResult
    package func check(_ arguments: [String], _ what: String) throws(VaultError) -> Output {
        let output = try run(arguments)
        guard output.succeeded else {
            let command = arguments.first { !$0.hasPrefix("-") } ?? ""
            throw VaultError("\(what): git \(command) failed: \(output.said)")
        }
        return output
    }

    /// The common ancestor git keeps for a file whose merge it stopped (stage 1 of the index),
    /// `git show :1:./PATH`; nil outside a clone, without git, or when the file has no such stage
    /// (it is not in a conflicted merge, or both sides added it).
    package func mergeBase(of path: String) -> [UInt8]? {
        guard let output = try? run(["show", ":1:./" + path]), output.succeeded else { return nil }
        return output.bytes
    }

    /// Whether git can be run at all (it is installed and on `PATH`).
    package var isInstalled: Bool { (try? run(["--version"]))?.succeeded == true }

    /// Whether `directory` is inside a git work tree.
    package var isWorkTree: Bool { (try? run(["rev-parse", "--is-inside-work-tree"]))?.stdout.hasPrefix("true") == true }

    /// Whether a merge is under way (git stopped on a conflict, or a merge waits for its commit).
    package var isMerging: Bool { (try? run(["rev-parse", "-q", "--verify", "MERGE_HEAD"]))?.succeeded == true }
}
