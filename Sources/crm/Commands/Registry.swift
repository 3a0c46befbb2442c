/// Every `crm` command, in the order `crm --help` lists them.
enum Commands {
    static let all: [Command] = [
        initCommand, browseCommand, addCommand, importCommand, historyCommand, listCommand, showCommand, logCommand, planCommand, doneCommand, unlogCommand,
        setCommand, unsetCommand, editCommand, renameCommand, removeCommand, restoreCommand, relateCommand, unrelateCommand,
        agendaCommand, dueCommand,
        snoozeCommand, birthdaysCommand,
        summaryCommand, searchCommand, indexCommand, checkCommand, fmtCommand, resolveCommand, mergeDriverCommand,
        refreshCommand, syncCommand, calendarCommand, exportCommand, completionsCommand, lspCommand,
    ]

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
