import CRMKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

let editCommand = Command(
    name: "edit",
    summary: "Open a person's file in your editor, then check it.",
    usage: ["edit PERSON"],
    arguments: [Command.personArgument],
    examples: ["crm edit ada", "EDITOR=nano crm edit \"Ada Lovelace\"", "EDITOR=\"code --wait\" crm edit ada"],
    discussion: """
    The editor is editor: in ~/.config/crm/config.yaml, else $VISUAL, else $EDITOR, else vi. It
    starts without a shell: the setting is split into words as a shell would split it (quotes
    and backslashes work), with nothing expanded, and the file's path comes after them. After
    the editor closes, problems in the file are listed as path:line:col; exit status 1 when there
    is an error.
    """,
    printsData: false,
    run: { context in
        let query = try context.positionals("PERSON")[0]
        let vault = try context.vault()
        let person = try vault.find(query)
        let editor: ExternalProgram
        do throws(ProgramSettingError) { editor = try context.user.editor(environment: context.environment) } catch { throw Failure(error.description) }
        try vault.prepareWrite()
        let termination: Subprocess.Termination
        do throws(SubprocessError) {
            termination = try editor.runOnTerminal([ExternalProgram.fileArgument(vault.root + "/" + person.path)])
        } catch {
            throw Failure("cannot start the editor '\(editor)' (\(editor.origin)): \(error.reason)")
        }
        guard termination.succeeded else { throw Failure("the editor '\(editor)' \(termination)") }
        let edited = try vault.load(path: person.path)
        vault.noteWritten(edited)
        let problems = edited.document.problems
        for problem in problems { context.terminal.error(problem.description) }
        if problems.contains(where: { $0.severity == .error }) { throw ExitStatus(code: 1) }
    }
)
