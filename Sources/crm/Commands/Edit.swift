import CRMKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let editor = ExternalProgram.editor(environment: context.environment)
        try vault.prepareWrite()
        // The editor setting may hold arguments ("code --wait"): let the shell split it.
        let run = Subprocess.shell(editor + " \"$1\"", arguments: [vault.root + "/" + person.path])
        let termination: Subprocess.Termination
        do throws(SubprocessError) { termination = try run.runOnTerminal() } catch { throw Failure("cannot start the editor '\(editor)': \(error.reason)") }
        guard termination.succeeded else { throw Failure("the editor '\(editor)' \(termination)") }
        let edited = try vault.load(path: person.path)
        vault.noteWritten(edited)
        let problems = edited.document.problems
        for problem in problems { context.terminal.error(problem.description) }
        if problems.contains(where: { $0.severity == .error }) { throw ExitStatus(code: 1) }
    }
)
