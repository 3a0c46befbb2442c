/// Every `crm` command, in the order `crm --help` lists them.
enum Commands {
    static let all: [Command] = [
        initCommand, addCommand, importCommand, listCommand, showCommand, logCommand, setCommand, unsetCommand,
        editCommand, renameCommand, removeCommand, dueCommand, snoozeCommand, birthdaysCommand,
        summaryCommand, searchCommand, indexCommand, checkCommand, fmtCommand, resolveCommand, mergeDriverCommand,
        refreshCommand, calendarCommand, completionsCommand, planCommand, doneCommand, agendaCommand, unlogCommand,
        restoreCommand,
    ]

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
