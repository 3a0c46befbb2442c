import CRMKit

/// Parses the command line, runs the command, and maps what happened to an exit status:
/// 0 success, 1 failure, 2 usage error.
enum CLI {
    static let version = "0.1.0"

    static func run(_ arguments: [String], environment: [String: String], currentDirectory: String) -> Int32 {
        let terminal = Terminal(environment: environment)
        let user = UserConfig.load(environment: environment)
        for problem in user.diagnostics { terminal.error(problem.description) }
        defer { Pager.finish() }
        /// Long output goes through a pager on a terminal, unless `--no-pager` (see `Pager`); a
        /// pager setting that needs a shell is said, and the output printed directly.
        func page() {
            guard terminal.stdoutIsTerminal, !arguments.prefix(while: { $0 != "--" }).contains(GlobalOption.noPager.name) else { return }
            do throws(ProgramSettingError) {
                guard let pager = try user.pager(environment: environment) else { return }
                _ = Pager.start(pager, environment: environment)
            } catch {
                terminal.error("crm: warning: \(error); printing directly")
            }
        }
        guard let first = commandWord(in: arguments) else {
            // `crm` alone, on a terminal, in a vault: the app.
            if terminal.stdinIsTerminal, terminal.stdoutIsTerminal, !arguments.contains(GlobalOption.json.name),
               (try? Vault.locate(explicit: vaultOption(in: arguments), environment: environment, currentDirectory: currentDirectory)) != nil {
                return run(["browse"] + arguments, environment: environment, currentDirectory: currentDirectory)
            }
            page()
            terminal.write(overview())
            return 0
        }
        if first == GlobalOption.version.name {
            terminal.print("crm \(version)")
            return 0
        }
        if first == GlobalOption.help.name || first == "-h" || first == "help" {
            page()
            // What follows `help`, global options left out (`crm --vault DIR help show`).
            let topic = arguments.drop { $0 != first }.dropFirst().first { $0 != GlobalOption.noPager.name && $0 != GlobalOption.json.name }
            if first == "help", topic == "--man" {
                terminal.write(ManualPage.render())
            } else if first == "help", let topic, let command = Commands.named(topic) {
                terminal.write(command.help())
            } else {
                terminal.write(overview())
            }
            return 0
        }
        guard let command = Commands.named(first) else {
            // An option is never a misspelt command: suggest options for it, commands for a word.
            let isOption = first.hasPrefix("-")
            let candidates = isOption ? Command.globalOptions.map(\.name) : Commands.all.map(\.name)
            let close = closest(to: first, in: candidates)
            terminal.error("crm: error: unknown \(isOption ? "option" : "command") '\(first)'" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"))
            terminal.error("Run 'crm --help' for the list of commands.")
            return 2
        }
        var rest = arguments
        rest.remove(at: arguments.firstIndex(of: first)!)
        do {
            let parsed = try ParsedArguments.parse(rest, options: command.options + Command.globalOptions)
            if parsed.flag(GlobalOption.help) {
                page()
                terminal.write(command.help())
                return 0
            }
            if parsed.flag(GlobalOption.version) {
                terminal.print("crm \(version)")
                return 0
            }
            if parsed.flag(GlobalOption.json), !command.printsData {
                throw UsageError("--json: 'crm \(command.name)' prints no data")
            }
            if command.arguments.isEmpty, let extra = parsed.positionals.first {
                throw UsageError("unexpected argument '\(extra)'")
            }
            if command.pages { page() }
            let context = Context(arguments: parsed, environment: environment, user: user, terminal: terminal,
                                  currentDirectory: currentDirectory, command: command)
            // What the command wrote is committed even when it then failed: the files are written.
            do { try command.run(context) } catch { commitWrites(context); throw error }
            return commitWrites(context) ? 0 : 1
        } catch let error as UsageError {
            if let text = error.text {
                // The same command with the text after `--`, as it can be typed again.
                let again = (["crm", command.name] + rest.filter { $0 != text } + ["--", text]).map(shellWord).joined(separator: " ")
                terminal.error("crm: error: \(error.message); to pass text starting with '-', put it after '--': \(again)")
            } else {
                terminal.error("crm: error: \(error.message)")
            }
            terminal.error("usage: crm \(command.usage[0])  (see 'crm \(command.name) --help')")
            return 2
        } catch let error as ExitStatus {
            return error.code
        } catch {
            terminal.error("crm: error: \(error)")
            return 1
        }
    }

    /// With `git: commit` in a vault's config, commits what the command wrote; a failure is a
    /// error (the files stay written) and makes the exit status 1. Returns whether all went well.
    @discardableResult
    private static func commitWrites(_ context: Context) -> Bool {
        var committed = true
        for vault in context.opened.vaults {
            do {
                _ = try vault.commitChanges(command: context.command.name)
            } catch {
                context.terminal.error("crm: error: \(error.message)")
                committed = false
            }
        }
        return committed
    }

    /// The value of `--vault DIR` or `--vault=DIR` among `arguments`.
    private static func vaultOption(in arguments: [String]) -> String? {
        let name = GlobalOption.vault.name
        for (i, argument) in arguments.enumerated() {
            if argument == name, i + 1 < arguments.count { return arguments[i + 1] }
            if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
        }
        return nil
    }

    /// The first argument that is not a global option or its value.
    private static func commandWord(in arguments: [String]) -> String? {
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == GlobalOption.vault.name { i += 2; continue }
            if argument.hasPrefix(GlobalOption.vault.name + "=") || argument == GlobalOption.json.name || argument == GlobalOption.noPager.name {
                i += 1
                continue
            }
            return argument
        }
        return nil
    }

    static func overview() -> String {
        var out = """
        crm \(version) — a private, plain-text personal CRM.

        A vault is a folder with one Markdown file per person under people/: YAML front matter
        (name, contact_id, phone, email, …), free-form notes, and a dated interaction log.

        USAGE: crm COMMAND [ARGUMENTS] [--vault DIR] [--json]

        COMMANDS:

        """
        out += aligned(Commands.all.map { ($0.name, $0.summary) })
        out += """

        Run 'crm COMMAND --help' for a command's options and examples, 'man crm' for the manual.

        ENVIRONMENT:

        """
        out += aligned(ManualPage.environment)
        return out
    }
}

/// `word` as a POSIX shell reads it back: as it is when it holds nothing the shell treats
/// specially, else in single quotes (a quote in it as `'\''`).
func shellWord(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./:@=+,%".unicodeScalars.contains($0)
    }
    return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
