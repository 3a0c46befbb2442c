import CRMBrowse
import CRMKit

let browseCommand = Command(
    name: "browse",
    summary: "The vault's screens in a terminal: people, a person, logging, the contact picker.",
    usage: ["browse"],
    examples: ["crm browse", "crm", "crm browse --vault ~/people", "NO_COLOR=1 crm browse"],
    discussion: """
    The app's screens over the same files: the people list (sorted by due date; / filters as
    you type, s sorts, t shows Today, Space marks), a person's page (l logs, p plans, x ticks an
    open item, u removes an entry to the trash, e edits the file, c, m and M hand tel:, sms: and
    mailto: links to the opener), the log sheet (Tab between fields, Ctrl-S saves, Esc cancels)
    and the contact picker (a; type to filter). ? lists every key; q goes back, and quits.
    'crm' alone starts it when standard input and output are a terminal and a vault is found.
    Every write is the one the command line makes ('crm log', 'crm plan', 'crm done', 'crm
    unlog', 'crm add'). Files changed on disk while it is open (an editor, syncthing) are read
    again. The opener is $CRM_OPENER, else opener: in ~/.config/crm/config.yaml, else xdg-open
    or open; with none, the number or address is shown. Colours follow NO_COLOR.
    """,
    printsData: false,
    reportsConfigProblems: true,
    run: { context in
        _ = try context.positionals()
        guard Browse.canRun else {
            throw UsageError("'crm browse' needs a terminal: standard input and output must both be one "
                             + "(for scripts: crm list, crm show, crm log)")
        }
        try Browse.run(vault: try context.vault(), environment: context.environment, user: context.user, version: CLI.version)
    }
)
