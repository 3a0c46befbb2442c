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
        let editor = ExternalProgram.editor(environment: context.environment)
        try vault.prepareWrite()
        let status: Int32
        do { status = try ExternalProgram.run(editor, argument: vault.root + "/" + person.path) } catch {
            throw Failure("cannot start the editor '\(editor)': \(error.localizedDescription)")
        }
        guard status == 0 else { throw Failure("the editor '\(editor)' exited with status \(status)") }
        let edited = try vault.load(path: person.path)
        vault.noteWritten(edited)
        let problems = edited.document.problems
        for problem in problems { context.terminal.error(problem.description) }
        if problems.contains(where: { $0.severity == .error }) { throw ExitStatus(code: 1) }
    }
)
