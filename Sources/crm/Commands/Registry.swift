/// Every `crm` command, in the order `crm --help` lists them.
enum Commands {
    static let all: [Command] = [
        initCommand, addCommand, listCommand, showCommand, logCommand, setCommand, unsetCommand,
        editCommand, renameCommand, removeCommand, checkCommand, fmtCommand, resolveCommand, mergeDriverCommand, completionsCommand,
    ]

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
