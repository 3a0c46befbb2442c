import CRMKit
import CRMTerminal

/// A `crm` subcommand: its help text and what it runs.
struct Command: Sendable {
    var name: String
    var summary: String
    /// Usage lines without the leading `crm`.
    var usage: [String]
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var examples: [String]
    var discussion: String?
    /// Whether the command prints data, and so takes `--json`.
    var printsData = true
    /// Whether its output may be long, and so goes through a pager on a terminal (see `Pager`).
    var pages = false
    /// Whether it reports the problems of `.crm/config.yaml` itself (`check`, `browse`), so that
    /// opening the vault does not print them (see `Context.vault()`).
    var reportsConfigProblems = false
    var run: @Sendable (Context) throws -> Void

    /// The PERSON argument, as every command that takes one describes it.
    static let personArgument = ArgumentSpec("PERSON", completion: .people,
                                             help: "an id, name, alias, email, contact id, or a unique part of a name or id")

    /// Options every command takes.
    static let globalOptions = [GlobalOption.vault, GlobalOption.json, GlobalOption.noPager, GlobalOption.help, GlobalOption.version]

    /// The global options this command lists in its help: `--json` only where it prints data,
    /// `--no-pager` only where it pages.
    var globalOptions: [OptionSpec] {
        Command.globalOptions.filter {
            ($0.name != GlobalOption.json.name || printsData) && ($0.name != GlobalOption.noPager.name || pages)
        }
    }

    /// `crm COMMAND --help`: the texts with their `code` marks rendered as plain text (the man
    /// page sets them in bold).
    func help() -> String {
        var out = "OVERVIEW: \(plainText(summary))\n\nUSAGE:\n"
        out += usage.map { "  crm \($0)\n" }.joined()
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n" + aligned(arguments.map { ($0.name, plainText($0.help)) })
        }
        let all = options + globalOptions
        out += "\nOPTIONS:\n" + aligned(all.map { option in
            let names = (option.short.map { "-\($0), " } ?? "") + option.name
            return (names + (option.value.map { " \($0)" } ?? ""), plainText(option.help))
        })
        if let discussion { out += "\n" + plainText(discussion) + "\n" }
        out += "\nEXAMPLES:\n" + examples.map { "  \($0)\n" }.joined()
        return out
    }
}

/// The options every command takes.
enum GlobalOption {
    static let vault = OptionSpec(name: "--vault", value: "DIR", completion: .folders,
                                  help: "the vault folder (default: $CRM_VAULT, else the nearest folder with .crm/ or people/)")
    static let json = OptionSpec(name: "--json", help: "print JSON instead of text")
    static let noPager = OptionSpec(name: "--no-pager", help: "print long output directly, not through $CRM_PAGER, $PAGER or less")
    static let help = OptionSpec(name: "--help", short: "h", help: "show this help")
    static let version = OptionSpec(name: "--version", help: "print the version of crm")
}

/// A help text as the terminal shows it: Markdown's code marks (`` `crm fmt` ``) left out.
func plainText(_ text: String) -> String {
    text.contains("`") ? String(text.filter { $0 != "`" }) : text
}

func aligned(_ rows: [(String, String)]) -> String {
    let width = rows.map { $0.0.count }.max() ?? 0
    return rows.map { "  " + $0.0.padding(width) + "  " + $0.1 + "\n" }.joined()
}

extension String {
    func padding(_ width: Int) -> String {
        let w = DisplayWidth.of(self)
        return w >= width ? self : self + String(repeating: " ", count: width - w)
    }
}

/// Everything a command needs from its invocation.
struct Context {
    var arguments: ParsedArguments
    var environment: [String: String]
    /// The person's own settings (`UserConfig`): programs, default contacts and calendar.
    var user: UserConfig
    var terminal: Terminal
    var currentDirectory: String
    var command: Command
    /// The vaults the command opened, whose writes are committed when it ends (`git: commit`).
    let opened = OpenedVaults()

    var json: Bool { arguments.flag(GlobalOption.json) }

    /// The vault the command line names. The problems of its `.crm/config.yaml` are printed as
    /// warnings the first time it is opened, before anything the command prints, as person files'
    /// are (each says what is used instead); `check` and `browse` report them themselves.
    func vault() throws -> Vault {
        let vault = try Vault.locate(explicit: arguments.value(GlobalOption.vault), environment: environment, currentDirectory: currentDirectory)
        if !command.reportsConfigProblems, !opened.vaults.contains(where: { $0.root == vault.root }) {
            for problem in vault.config.diagnostics { warn(problem) }
        }
        opened.vaults.append(vault)
        return vault
    }

    /// The clock, read once per call, with `$CRM_TODAY` applied.
    func clock() throws -> Clock {
        do { return try Clock(environment: environment) } catch { throw Failure(error.description) }
    }

    func today() throws -> Day { try clock().today }

    /// A date given as an option value, in the forms `tense` takes (see `Day.InputTense`).
    func date(_ text: String, option: String, tense: Day.InputTense) throws -> Day {
        do { return try Day.parseInput(text, today: try today(), tense: tense) } catch let error as DateInputError {
            throw UsageError("\(option): \(error.description)")
        }
    }

    func cadence(_ text: String, option: String) throws -> Cadence {
        guard let cadence = Cadence(text) else {
            throw UsageError(FieldSchema.every.problem(with: text, label: option)!)
        }
        return cadence
    }

    /// The positional arguments, checked against how many the command takes.
    func positionals(_ names: String..., atLeast minimum: Int? = nil) throws -> [String] {
        let given = arguments.positionals
        let min = minimum ?? names.count
        if given.count < min { throw UsageError("missing \(names[given.count])") }
        if minimum == nil, given.count > names.count {
            throw UsageError("unexpected argument '\(given[names.count])'")
        }
        return given
    }

    /// The one positional argument a command may take, if given.
    func optionalPositional() throws -> String? {
        let given = arguments.positionals
        guard given.count <= 1 else { throw UsageError("unexpected argument '\(given[1])'") }
        return given.first
    }

    func printJSON(_ json: JSON) { terminal.print(json.rendered()) }

    /// Prints a warning to stderr.
    func warn(_ message: String) { terminal.error("crm: warning: \(message)") }

    /// Prints a problem found in a file as a warning, as `crm check` and compilers print them:
    /// `path:line:col: warning: message [rule]`.
    func warn(_ problem: Diagnostic) {
        var problem = problem
        problem.severity = .warning
        terminal.error(problem.description)
    }
}

/// See `Context.opened`.
final class OpenedVaults {
    var vaults: [Vault] = []
}
