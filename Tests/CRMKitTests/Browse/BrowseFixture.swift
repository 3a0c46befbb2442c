import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// A `crm browse` session over a fresh copy of `example-vault/` (or an empty vault), driven by
/// keys as a user drives it, with `CRM_TODAY=2026-11-29` and a home folder of its own holding
/// the vault (shown as `~/people`) and `contacts.vcf`. Other programs run at once (no terminal
/// to leave).
final class BrowseFixture {
    let home: URL
    let vault: URL
    let environment: [String: String]
    let session: BrowseSession
    var size: Size

    /// `people`: extra person files (`id: text`) written into the vault before it opens;
    /// `userConfig`: the person's own settings, `~/.config/crm/config.yaml` in the home folder.
    init(example: Bool = true, size: Size = Size(columns: 80, rows: 24), environment extra: [String: String] = [:],
         people: [String: String] = [:], config: String? = nil, userConfig: String? = nil) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("crm-browse-\(UUID().uuidString)")
        vault = home.appendingPathComponent("people")
        let manager = FileManager.default
        try manager.createDirectory(at: home, withIntermediateDirectories: true)
        if example {
            try manager.copyItem(at: Fixtures.exampleVault, to: vault)
            try? manager.removeItem(at: vault.appendingPathComponent(".crm/cache"))
            try? manager.removeItem(at: vault.appendingPathComponent("INDEX.md"))
        } else {
            try manager.createDirectory(at: vault.appendingPathComponent("people"), withIntermediateDirectories: true)
            try manager.createDirectory(at: vault.appendingPathComponent(".crm"), withIntermediateDirectories: true)
        }
        if let config { try Data(config.utf8).write(to: vault.appendingPathComponent(".crm/config.yaml")) }
        for (id, text) in people {
            try Data(text.utf8).write(to: vault.appendingPathComponent("people/\(id).md"))
        }
        try manager.copyItem(at: Fixtures.packageRoot.appendingPathComponent("docs/examples/contacts.vcf"),
                             to: home.appendingPathComponent("contacts.vcf"))
        if let userConfig {
            let folder = home.appendingPathComponent(".config/crm")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(userConfig.utf8).write(to: folder.appendingPathComponent("config.yaml"))
        }
        var environment = ["CRM_TODAY": "2026-11-29", "HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                           "CRM_OPENER": ""]
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
        self.size = size
        session = try BrowseSession(vault: try Vault(root: vault.path), environment: environment,
                                    user: UserConfig.load(environment: environment), version: "0.1.0", size: size,
                                    outside: { try $0() })
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    var state: BrowseState { session.state }

    /// Presses each key in turn; returns what the last asked of the loop.
    @discardableResult
    func press(_ keys: Key...) -> BrowseSession.Outcome {
        var outcome = BrowseSession.Outcome.draw
        for key in keys { outcome = session.press(key) }
        return outcome
    }

    /// Types `text`, a key a character.
    func type(_ text: String) {
        for character in text { session.press(.character(character)) }
    }

    func resize(_ new: Size) {
        size = new
        session.resize(new)
    }

    var screen: Screen { BrowseLayout.screen(session.state, size: size) }
    var text: String { screen.lines.joined(separator: "\n") }

    func read(_ relative: String) -> String {
        (try? String(contentsOf: vault.appendingPathComponent(relative), encoding: .utf8)) ?? ""
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: vault.appendingPathComponent(relative))
    }

    /// Marks the people at these places of the list (0 = top), in this order, with Space.
    func mark(_ places: [Int]) {
        for place in places {
            press(.character("g"))
            for _ in 0..<place { press(.character("j")) }
            press(.character(" "))
        }
    }

    /// The file `relative` of a fresh copy of the example vault after `crm ARGUMENTS` there,
    /// and what `crm` printed.
    static func afterCrm(_ arguments: [String], file relative: String, stdin: String? = nil) throws -> (file: String, stdout: String) {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try CRM.run(["--vault", vault.path] + arguments, stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)")
        return (vault.read(relative), result.stdout)
    }

    /// `crm ARGUMENTS` on a fresh copy of the example vault, printed as a terminal shows it
    /// (standard error merged into standard output); the vault, to read what it wrote.
    static func crmPrinting(_ arguments: [String]) throws -> (vault: TemporaryVault, printed: String) {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try CRM.run(["--vault", vault.path] + arguments, launcher: ["sh", "-c", "exec \"$0\" \"$@\" 2>&1"])
        #expect(result.status == 0, "\(result.stdout)")
        return (vault, result.stdout)
    }

    /// What browse's message says for what crm printed: a sentence a line, without `crm: warning: `.
    static func message(_ printed: String) -> String {
        printed.split(separator: "\n").map { $0.hasPrefix("crm: warning: ") ? String($0.dropFirst("crm: warning: ".count)) : String($0) }
            .joined(separator: ". ")
    }

    /// Opens the person whose name the filter finds first.
    func open(_ query: String) {
        press(.character("/"), .control("u"))
        type(query)
        press(.enter, .enter)
    }

    /// An executable shell script in the home folder; returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let script = home.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    /// A script that appends its arguments, one line each, to `file` in the home folder.
    func recordingScript(_ name: String, into file: String) throws -> String {
        let script = home.appendingPathComponent(name)
        try Data("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(home.path)/\(file)'; done\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }
}

/// Golden screens under `Fixtures/golden/browse/`: each screen's text, trailing blanks removed.
/// `CRM_UPDATE_GOLDENS=1 swift test --filter Browse` writes them anew for review with `git diff`.
enum BrowseGolden {
    static let folder = Fixtures.root.appendingPathComponent("Fixtures/golden/browse")

    static func path(_ name: String) -> URL { folder.appendingPathComponent(name + ".txt") }

    static func text(of screen: Screen) -> String { screen.lines.joined(separator: "\n") + "\n" }

    static func check(_ name: String, _ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = text(of: screen)
        if ProcessInfo.processInfo.environment["CRM_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: path(name))
            return
        }
        guard let expected = try? String(contentsOf: path(name), encoding: .utf8) else {
            Issue.record("no golden \(name).txt; write it with CRM_UPDATE_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "\(name):\n--- expected\n\(expected)--- drawn\n\(actual)", sourceLocation: sourceLocation)
    }
}
