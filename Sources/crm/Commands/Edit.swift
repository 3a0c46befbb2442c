import CRMKit
import Foundation

let editCommand = Command(
    name: "edit",
    summary: "Open a person's file in $VISUAL or $EDITOR, then check it.",
    usage: ["edit PERSON"],
    arguments: [Command.personArgument],
    examples: ["crm edit ada", "EDITOR=nano crm edit \"Ada Lovelace\""],
    discussion: "After the editor closes, problems in the file are listed as path:line:col; exit status 1 when there is an error.",
    printsData: false,
    run: { context in
        let query = try context.positionals("PERSON")[0]
        let vault = try context.vault()
        let person = try vault.find(query)
        let editor = [context.environment["VISUAL"], context.environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        try vault.prepareWrite()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor setting may hold arguments ("code --wait"): let the shell split it.
        process.arguments = ["-c", editor + " \"$1\"", "sh", vault.root + "/" + person.path]
        do { try process.run() } catch { throw Failure("cannot start the editor '\(editor)': \(error.localizedDescription)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("the editor '\(editor)' exited with status \(process.terminationStatus)")
        }
        let edited = try vault.load(path: person.path)
        vault.noteWritten(edited)
        let problems = edited.document.problems
        for problem in problems { context.terminal.error(problem.description) }
        if problems.contains(where: { $0.severity == .error }) { throw ExitStatus(code: 1) }
    }
)
