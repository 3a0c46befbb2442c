import Foundation

/// git as these tests run it: no global or system config (so the machine's settings cannot change
/// what happens; `CRM.environment` gives every run of `crm` the same), an author set per repository.
let isolatedGit = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]

extension GitRepository {
    /// A repository in `url` (made by `git init`, or a clone of `remote`) with an author set.
    @discardableResult
    static func make(_ url: URL, cloning remote: URL? = nil) throws -> GitRepository {
        if let remote {
            let clone = try GitRepository(url.deletingLastPathComponent()).run("clone", "-q", remote.path, url.lastPathComponent)
            precondition(clone.status == 0, clone.output)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try GitRepository(url).run("init", "-q", "-b", "main")
        }
        let git = GitRepository(url)
        try git.run("config", "user.name", "Test")
        try git.run("config", "user.email", "test@example.org")
        return git
    }

    /// `git ARGS`'s output without the final newline, after checking it succeeded.
    func output(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = url
        process.environment = ProcessInfo.processInfo.environment.merging(isolatedGit) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

