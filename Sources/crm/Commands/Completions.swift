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
    static let personCommands = Commands.all.filter { $0.arguments.first?.0.hasPrefix("PERSON") == true }.map(\.name)

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
            local cur=${COMP_WORDS[COMP_CWORD]} cmd= opts i=1 at vault=()
            # Skip the global options before the command word; keep --vault for 'crm list --ids'.
            # (bash splits '--vault=DIR' into '--vault', '=', 'DIR'.)
            while [[ $i -lt $COMP_CWORD ]]; do
                case ${COMP_WORDS[i]} in
                    --vault) [[ ${COMP_WORDS[i+1]} == = ]] && i=$((i + 1))
                        vault=(--vault "${COMP_WORDS[i+1]}"); i=$((i + 2)) ;;
                    --vault=*) vault=("${COMP_WORDS[i]}"); i=$((i + 1)) ;;
                    --json) i=$((i + 1)) ;;
                    *) cmd=${COMP_WORDS[i]}; break ;;
                esac
            done
            if [[ -z $cmd ]]; then
                if [[ ${COMP_WORDS[COMP_CWORD-1]} == --vault ]]; then
                    COMPREPLY=($(compgen -d -- "$cur"))
                else
                    COMPREPLY=($(compgen -W "\(commands) --vault --json --help --version" -- "$cur"))
                fi
                return
            fi
            at=$((COMP_CWORD - i))
            case $cmd in
        \(cases)    esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            elif [[ $at -eq 1 && " \(personCommands.joined(separator: " ")) " == *" $cmd "* ]]; then
                COMPREPLY=($(compgen -W "$(crm "${vault[@]}" list --ids 2>/dev/null)" -- "$cur"))
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
          local -a commands opts vault
          local i=2 cmd=
          commands=(\(commands))
          # Skip the global options before the command word; keep --vault for 'crm list --ids'.
          while (( i < CURRENT )); do
            case $words[i] in
              --vault) vault=(--vault $words[i+1]); (( i += 2 )) ;;
              --vault=*) vault=($words[i]); (( i += 1 )) ;;
              --json) (( i += 1 )) ;;
              *) cmd=$words[i]; break ;;
            esac
          done
          if [[ -z $cmd ]]; then
            if [[ $words[CURRENT-1] == --vault ]]; then _files -/; else _describe 'command' commands; fi
            return
          fi
          case $cmd in
        \(cases)  esac
          if [[ $words[CURRENT] == -* ]]; then
            compadd -- $opts
          elif (( CURRENT == i + 1 )) && [[ " \(personCommands.joined(separator: " ")) " == *" $cmd "* ]]; then
            compadd -- ${(f)"$(crm $vault list --ids 2>/dev/null)"}
          elif [[ $cmd == completions ]]; then
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
        out += """
        # Person ids of the vault that --vault on the command line names, else the current one.
        function __crm_ids
            set -l words (commandline -opc)
            set -l vault
            for i in (seq 2 (count $words))
                if test "$words[$i]" = --vault; and test $i -lt (count $words)
                    set vault --vault $words[(math $i + 1)]
                else if string match -q -- '--vault=*' $words[$i]
                    set vault $words[$i]
                end
            end
            crm $vault list --ids 2>/dev/null
        end

        """
        out += "complete -c crm -n '__fish_seen_subcommand_from \(personCommands.joined(separator: " "))' -a '(__crm_ids)'\n"
        out += "complete -c crm -n '__fish_seen_subcommand_from completions' -a 'bash zsh fish'\n"
        return out
    }
}

extension String {
    /// Safe inside a single-quoted shell word.
    var replacingQuotes: String { split(separator: "'", omittingEmptySubsequences: false).joined(separator: "’") }
}
