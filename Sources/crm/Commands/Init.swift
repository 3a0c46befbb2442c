import CRMKit

let initCommand = Command(
    name: "init",
    summary: "Create a vault (idempotent: never overwrites a file).",
    usage: ["init [DIR]"],
    arguments: [ArgumentSpec("DIR", completion: .folders, help: "the vault folder to create or complete (default: the current folder)")],
    examples: ["crm init ~/people-vault", "cd ~/people-vault && crm init"],
    discussion: """
    Creates people/, .crm/config.yaml, and the lines the vault needs in .gitattributes (person files
    merge through 'crm merge-driver'), .gitignore and .stignore (machine-local files under .crm/ are
    not synced; .crm/config.yaml is). Existing files only get the lines they miss.
    """,
    run: { context in
        let dir = try context.optionalPositional() ?? context.arguments.value(GlobalOption.vault) ?? "."
        let report = try VaultSetup.initialize(dir)
        if context.json {
            context.printJSON(VaultSetup.json(vault: dir, created: report.created, updated: report.updated))
            return
        }
        for path in report.created { context.terminal.print("created \(path)") }
        for path in report.updated { context.terminal.print("updated \(path)") }
        if report.created.isEmpty && report.updated.isEmpty { context.terminal.print("\(dir) is already a vault; nothing to do") }
    }
)
