@testable import CRMFormat
import Foundation
import Testing

/// How a program setting (`EDITOR="code --wait"`) becomes an argument vector without a shell:
/// every setting `ExternalProgram` accepts gives the words a POSIX shell (`/bin/sh`) gives it,
/// and every one needing what only a shell does (expansion, pipes, globs) is refused.
@Suite struct ProgramWordsTests {
    func words(_ setting: String, home: String? = "/home/ada") throws(ProgramSettingError) -> [String] {
        try ExternalProgram.words(of: setting, origin: "$EDITOR", home: home)
    }

    /// The words `/bin/sh` makes of `setting` as a command line: `printf '%s\0' SETTING`.
    func shellWords(_ setting: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s\\0' " + setting]
        process.environment = ["HOME": "/home/ada", "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Settings as people write them", arguments: [
        ("vim", ["vim"]),
        ("code --wait", ["code", "--wait"]),
        ("  subl   -w  ", ["subl", "-w"]),
        ("emacsclient -t -a ''", ["emacsclient", "-t", "-a", ""]),
        ("vim -c \"set tw=72\"", ["vim", "-c", "set tw=72"]),
        ("'/Applications/Sublime Text.app/Contents/SharedSupport/bin/subl' -w",
         ["/Applications/Sublime Text.app/Contents/SharedSupport/bin/subl", "-w"]),
        ("/opt/my\\ editor/bin/ed", ["/opt/my editor/bin/ed"]),
        ("~/bin/edit --flag", ["/home/ada/bin/edit", "--flag"]),
        ("ed a~b", ["ed", "a~b"]),
        ("less -R -+S", ["less", "-R", "-+S"]),
        ("nano --rcfile=x", ["nano", "--rcfile=x"]),
        ("\"say \\\"hi\\\" \\\\ \\$x\"", ["say \"hi\" \\ $x"]),
        ("", []),
        ("   ", []),
    ])
    func settings(_ setting: String, _ expected: [String]) throws {
        #expect(try words(setting) == expected)
        // (`printf` with no argument prints its format once: no word is not comparable.)
        if !expected.isEmpty { #expect(try shellWords(setting) == expected) }
    }

    @Test("What only a shell does is refused, naming it", arguments: [
        ("vim; touch /tmp/x", "';', which only a shell reads"),
        ("vim | tee", "'|', which only a shell reads"),
        ("vim && rm -rf ~", "'&', which only a shell reads"),
        ("$EDITOR_REAL", "'$', which only a shell reads"),
        ("vim $(id)", "'$', which only a shell reads"),
        ("vim `id`", "'`', which only a shell reads"),
        ("vim \"$HOME/x\"", "'$' inside \"…\", which only a shell expands"),
        ("vim > /dev/null", "'>', which only a shell reads"),
        ("vim *.md", "'*', which only a shell reads"),
        ("(vim)", "'(', which only a shell reads"),
        ("vim # comment", "'#', which starts a comment in a shell"),
        ("vim 'unclosed", "a ' that is never closed"),
        ("vim \"unclosed", "a \" that is never closed"),
        ("vim\\", "a \\ at the end"),
        ("vim\nid", "a line break"),
    ])
    func refused(_ setting: String, _ problem: String) throws {
        #expect(throws: ProgramSettingError(origin: "$EDITOR", setting: setting, problem: problem)) { try words(setting) }
    }

    @Test func aTildeWithoutHomeIsRefused() {
        #expect(throws: ProgramSettingError.self) { try words("~/bin/ed", home: nil) }
    }

    /// Random settings over the characters that matter: whenever the words are accepted they are
    /// the shell's words; a refusal is always for a character a shell would read (seeded).
    @Test func acceptedSettingsSplitAsTheShellSplitsThem() throws {
        var generator = SeededGenerator(seed: 0x5EED_0030)
        let alphabet = Array("ab -_./=:,%@+'\"\\ \t~#$|;*")
        var accepted = 0
        for _ in 0..<1000 {
            let length = Int(generator.next() % 12) + 1
            let setting = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            guard let ours = try? words(setting), !ours.isEmpty else { continue }
            accepted += 1
            #expect(try shellWords(setting) == ours, "\(setting.debugDescription)")
        }
        #expect(accepted > 150)
    }
}
