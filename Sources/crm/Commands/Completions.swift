let completionsCommand = Command(
    name: "completions",
    summary: "Print a shell completion script (bash, zsh or fish).",
    usage: ["completions bash|zsh|fish"],
    arguments: [("SHELL", "bash, zsh or fish")],
    examples: [
        "crm completions bash > ~/.local/share/bash-completion/completions/crm",
        "crm completions zsh > \"${fpath[1]}/_crm\"",
        "crm completions fish > ~/.config/fish/completions/crm.fish",
    ],
    discussion: "PERSON arguments complete to ids, read with 'crm list --ids' in the current vault.",
    printsData: false,
    run: { context in
        let shell = try context.positionals("SHELL")[0]
        switch shell {
        case "bash": context.terminal.write(CompletionScripts.bash())
        case "zsh": context.terminal.write(CompletionScripts.zsh())
        case "fish": context.terminal.write(CompletionScripts.fish())
        default: throw UsageError("unknown shell '\(shell)'; use bash, zsh or fish")
        }
    }
)

/// Completion scripts made from the command table, so they never fall behind it.
enum CompletionScripts {
    /// Commands whose first argument is a PERSON.
    static let personCommands = ["show", "log", "set", "unset", "edit", "rename", "rm", "snooze", "refresh"]

    private static func options(_ command: Command) -> [String] {
        (command.options + Command.globalOptions).map(\.name)
    }

    static func bash() -> String {
        let commands = Commands.all.map(\.name).joined(separator: " ")
        var cases = ""
        for command in Commands.all {
            cases += "        \(command.name)) opts=\"\(options(command).joined(separator: " "))\" ;;\n"
        }
        return """
        # bash completion for crm
        _crm() {
            local cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]} opts
            if [[ $COMP_CWORD -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\(commands) --help --version" -- "$cur"))
                return
            fi
            case $cmd in
        \(cases)    esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            elif [[ $COMP_CWORD -eq 2 && " \(personCommands.joined(separator: " ")) " == *" $cmd "* ]]; then
                COMPREPLY=($(compgen -W "$(crm list --ids 2>/dev/null)" -- "$cur"))
            elif [[ $cmd == completions ]]; then
                COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
        }
        complete -F _crm crm

        """
    }

    static func zsh() -> String {
        let commands = Commands.all.map { "'\($0.name):\($0.summary.replacingQuotes)'" }.joined(separator: " ")
        var cases = ""
        for command in Commands.all {
            let opts = options(command).map { "'\($0)'" }.joined(separator: " ")
            cases += "    \(command.name)) opts=(\(opts)) ;;\n"
        }
        return """
        #compdef crm
        _crm() {
          local -a commands opts
          commands=(\(commands))
          if (( CURRENT == 2 )); then
            _describe 'command' commands
            return
          fi
          case $words[2] in
        \(cases)  esac
          if [[ $words[CURRENT] == -* ]]; then
            compadd -- $opts
          elif (( CURRENT == 3 )) && [[ " \(personCommands.joined(separator: " ")) " == *" $words[2] "* ]]; then
            compadd -- ${(f)"$(crm list --ids 2>/dev/null)"}
          elif [[ $words[2] == completions ]]; then
            compadd bash zsh fish
          else
            _files
          fi
        }
        _crm "$@"

        """
    }

    static func fish() -> String {
        var out = "# fish completion for crm\ncomplete -c crm -f\n"
        let names = Commands.all.map(\.name).joined(separator: " ")
        for command in Commands.all {
            out += "complete -c crm -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d '\(command.summary.replacingQuotes)'\n"
            for option in command.options + Command.globalOptions {
                let long = option.name.dropFirst(2)
                out += "complete -c crm -n '__fish_seen_subcommand_from \(command.name)' -l \(long)"
                    + (option.value != nil ? " -r" : "") + " -d '\(option.help.replacingQuotes)'\n"
            }
        }
        out += "complete -c crm -n '__fish_seen_subcommand_from \(personCommands.joined(separator: " "))' -a '(crm list --ids 2>/dev/null)'\n"
        out += "complete -c crm -n '__fish_seen_subcommand_from completions' -a 'bash zsh fish'\n"
        return out
    }
}

extension String {
    /// Safe inside a single-quoted shell word.
    var replacingQuotes: String { split(separator: "'", omittingEmptySubsequences: false).joined(separator: "’") }
}
