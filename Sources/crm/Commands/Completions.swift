import CRMKit

private enum CompletionsOption {
    static let types = OptionSpec(name: "--types", help: "print the vault's interaction types, one a line (the scripts complete --type with them)")
    static let tags = OptionSpec(name: "--tags", help: "print the tags the vault's people have, one a line, each once whatever its spellings; "
                                 + "with WORD, those starting with it, ignoring case and accents (the scripts complete --tag with them)")
    static let people = OptionSpec(name: "--people", help: "print the ids of the people WORD names part of, one a line: a word of their name or id "
                                   + "starting with it, ignoring case and accents, or spelt in Latin letters (the scripts complete PERSON with them)")
}

let completionsCommand = Command(
    name: "completions",
    summary: "Print a shell completion script (bash, zsh or fish).",
    usage: ["completions bash|zsh|fish", "completions --types", "completions --tags [WORD]", "completions --people [WORD]"],
    arguments: [ArgumentSpec("SHELL", completion: .words(["bash", "zsh", "fish"]), help: "bash, zsh or fish")],
    options: [CompletionsOption.types, CompletionsOption.tags, CompletionsOption.people],
    examples: [
        "crm completions bash > ~/.local/share/bash-completion/completions/crm",
        "crm completions zsh > \"${fpath[1]}/_crm\"",
        "crm completions fish > ~/.config/fish/completions/crm.fish",
    ],
    discussion: """
    PERSON arguments (and --with, and the OTHER of relate and unrelate) complete to the ids of the
    vault the command line names (--vault DIR), else of the current one: the people whose name or
    id has a word starting with what is typed, ignoring case and accents ('ana' and 'Ana' offer
    ana-maria-lopez; 'olga' offers the id of Ольга), else the people it is part of; a
    RELATION to the relations named from both sides; --type to the vault's interaction types, --tag
    to its people's tags; --sort, --format and other options with fixed values to those values; the
    keys of 'crm set' and 'crm unset' to the known front-matter keys; files and folders only where a
    file or folder is asked for. In bash, what is offered is quoted for the command line (an id or
    a tag with a space, 'chess club', goes in as one word) and folders end in '/'.
    The bash script needs bash 4 or later and nothing else; with the bash-completion package,
    bash loads it by itself from ~/.local/share/bash-completion/completions/crm, and without it a
    line 'source ~/.local/share/bash-completion/completions/crm' in ~/.bashrc does.
    """,
    printsData: false,
    run: { context in
        if context.arguments.flag(CompletionsOption.types) {
            _ = try context.positionals()
            for type in try context.vault().config.types { context.terminal.print(type) }
            return
        }
        if context.arguments.flag(CompletionsOption.tags) {
            let word = Tag.key(try context.optionalPositional() ?? "")
            for (key, tag) in try context.vault().facts().rows.tagSpellings.sorted(by: { $0.key < $1.key }) where key.hasPrefix(word) {
                context.terminal.print(tag)
            }
            return
        }
        if context.arguments.flag(CompletionsOption.people) {
            let word = try context.optionalPositional() ?? ""
            let people = PersonMatcher.completions(word.trimmingSpaces.folded, in: VaultLinks(keysOf: try context.vault()).everyone)
            for id in people.map(\.id).sorted() { context.terminal.print(id) }
            return
        }
        let shell = try context.positionals("SHELL")[0]
        switch shell {
        case "bash": context.terminal.write(CompletionScripts.bash())
        case "zsh": context.terminal.write(CompletionScripts.zsh())
        case "fish": context.terminal.write(CompletionScripts.fish())
        default: throw UsageError("unknown shell '\(shell)'; use bash, zsh or fish")
        }
    }
)

/// Completion scripts made from the command table, so they never fall behind it: each option
/// and argument completes as it declares (`OptionSpec.completion`, `ArgumentSpec.completion`).
enum CompletionScripts {
    private static func options(_ command: Command) -> [OptionSpec] { command.options + command.globalOptions }

    private static func bashCompletion(_ kind: CompletionKind) -> String {
        switch kind {
        case .none: "COMPREPLY=()"
        case .files: "_crm_files -f"
        case .folders: "_crm_files -d"
        case .people: "_crm_word; _crm_reply \"$(crm \"${vault[@]}\" completions --people -- \"$word\" 2>/dev/null)\""
        case .types: "_crm_lines \"$(crm \"${vault[@]}\" completions --types 2>/dev/null)\""
        case .tags: "_crm_word; _crm_reply \"$(crm \"${vault[@]}\" completions --tags -- \"$word\" 2>/dev/null)\""
        case .keys: "COMPREPLY=($(compgen -W \"\(PersonDocument.knownKeys.joined(separator: " "))\" -- \"$cur\"))"
        case .assignments:
            "COMPREPLY=($(compgen -W \"\(PersonDocument.settableKeys.map { $0 + "=" }.joined(separator: " "))\" -- \"$cur\")); compopt -o nospace 2>/dev/null"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    static func bash() -> String {
        let commands = Commands.all.map(\.name)
            + [GlobalOption.help, GlobalOption.version, GlobalOption.vault, GlobalOption.json, GlobalOption.noPager].map(\.name)
        var takesValue: [String] = []
        var optionCases = ""
        var valueCases = ""
        var argumentCases = ""
        // The global options, for any command.
        var globalTakesValue = ""
        var globalValueCases = ""
        for option in Command.globalOptions where option.value != nil {
            globalTakesValue += "        *' \(option.name)') return 0 ;;\n"
            if option.completion != .none { globalValueCases += "            *' \(option.name)') \(bashCompletion(option.completion)) ;;\n" }
        }
        for command in Commands.all {
            optionCases += "            \(command.name)) words=\"\(options(command).map(\.name).joined(separator: " "))\" ;;\n"
            for option in command.options {
                if option.value != nil {
                    takesValue.append("'\(command.name) \(option.name)'")
                    if let short = option.short { takesValue.append("'\(command.name) -\(short)'") }
                }
                // A flag's value given inline (`--calendar=TARGET`) completes here too.
                guard option.completion != .none else { continue }
                valueCases += "            '\(command.name) \(option.name)'"
                    + (option.short.map { "|'\(command.name) -\($0)'" } ?? "") + ") \(bashCompletion(option.completion)) ;;\n"
            }
            var lines: [String] = []
            for (n, argument) in command.arguments.enumerated() where argument.completion != .none {
                let test = argument.isRepeated ? "n >= \(n)" : "n == \(n)"
                lines.append("(( \(test) )) && { \(bashCompletion(argument.completion)); return; }")
            }
            if !lines.isEmpty {
                argumentCases += "            \(command.name))\n" + lines.map { "                \($0)\n" }.joined() + "                ;;\n"
            }
        }
        return """
        # bash completion for crm
        # Sets COMPREPLY to the lines of $1 that start with $cur (ids may hold spaces).
        _crm_lines() {
            local IFS=$'\\n'
            COMPREPLY=($(compgen -W "$1" -- "$cur"))
        }

        # Sets word to the word typed, its quotes and backslashes taken off.
        _crm_word() {
            local i
            word=''
            [[ $cur == [\\"\\']* ]] && i=1 || i=0
            for (( ; i < ${#cur}; i++ )); do
                if [[ ${cur:i:1} == '\\' ]] && (( i + 1 < ${#cur} )); then (( i++ )); fi
                word+=${cur:i:1}
            done
        }

        # Sets COMPREPLY to the lines of $1 (what crm found for the word typed, ignoring case and
        # accents), each as the command line must hold it: inside the quote the word opens, else
        # with a backslash before each character the shell reads specially (a space: 'chess\\ club').
        _crm_reply() {
            local line lines=() c i quoted
            COMPREPLY=()
            [[ -n $1 ]] && mapfile -t lines <<< "$1"
            for line in "${lines[@]}"; do
                if [[ $cur == [\\"\\']* ]]; then COMPREPLY+=("$line"); continue; fi
                quoted=''
                for (( i = 0; i < ${#line}; i++ )); do
                    c=${line:i:1}
                    case $c in [[:space:]\\'\\"\\\\\\$\\`!\\&\\;\\(\\)\\|\\<\\>\\*\\?\\[\\]\\#~\\{\\}]) quoted+='\\' ;; esac
                    quoted+=$c
                done
                COMPREPLY+=("$quoted")
            done
        }

        # Sets COMPREPLY to the files (-f) or folders (-d) whose names start with the word typed
        # (quotes and backslashes taken off); bash quotes what it inserts and puts a / after a
        # folder (-o filenames), so names with spaces and paths into folders work.
        _crm_files() {
            local IFS=$'\\n' word
            _crm_word
            COMPREPLY=($(compgen "$1" -- "$word"))
            compopt -o filenames 2>/dev/null
        }

        # Whether option $2 of command $1 takes a value (`--opt VALUE`).
        _crm_takes_value() {
            case "$1 $2" in
        \(globalTakesValue)        \(takesValue.isEmpty ? "''" : takesValue.joined(separator: "|"))) return 0 ;;
            esac
            return 1
        }

        _crm() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            local cmd='' opt='' word words i=1 n=0 vault=()
            # The command, the vault it names and how many arguments precede the cursor. bash
            # splits `--opt=VALUE` (and `key=value`) at `=` into three words.
            while (( i < COMP_CWORD )); do
                word=${COMP_WORDS[i]}
                if (( i + 1 < COMP_CWORD )) && [[ ${COMP_WORDS[i+1]} == = ]]; then
                    if [[ $word == --vault ]]; then vault=(--vault "${COMP_WORDS[i+2]}"); fi
                    if [[ $word != -* ]]; then (( n++ )); fi
                    (( i += 3 ))
                    continue
                fi
                case $word in
                    --vault) vault=(--vault "${COMP_WORDS[i+1]}"); (( i += 2 )); continue ;;
                    --) ;;
                    -*) if _crm_takes_value "$cmd" "$word"; then (( i += 2 )); continue; fi ;;
                    *) if [[ -z $cmd ]]; then cmd=$word; else (( n++ )); fi ;;
                esac
                (( i++ ))
            done
            if [[ ${vault[1]} == '~'* ]]; then vault[1]=$HOME${vault[1]:1}; fi
            # Completing an option's value?
            if [[ $cur == = && $prev == -* ]]; then opt=$prev; cur=''
            elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
                opt=${COMP_WORDS[COMP_CWORD-2]}
                if [[ $opt != -* ]]; then COMPREPLY=(); return; fi   # the value of a set KEY=
            elif [[ $prev == -* ]] && _crm_takes_value "$cmd" "$prev"; then opt=$prev
            fi
            if [[ -n $opt ]]; then
                case "$cmd $opt" in
        \(globalValueCases)\(valueCases)            *) COMPREPLY=() ;;
                esac
                return
            fi
            if [[ -z $cmd ]]; then
                COMPREPLY=($(compgen -W "\(commands.joined(separator: " "))" -- "$cur"))
                return
            fi
            if [[ $cur == -* ]]; then
                case $cmd in
        \(optionCases)            *) words='' ;;
                esac
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
                return
            fi
            case $cmd in
        \(argumentCases)        esac
            COMPREPLY=()
        }
        complete -F _crm crm

        """
    }

    /// How zsh offers `kind`; nil for nothing.
    private static func zshCompletion(_ kind: CompletionKind) -> String? {
        switch kind {
        case .none: nil
        case .words(let words): "compadd -- \(words.joined(separator: " "))"
        case .types: "compadd -- ${(f)\"$(crm $vault completions --types 2>/dev/null)\"}"
        case .tags: "compadd -U -- ${(f)\"$(crm $vault completions --tags -- ${(Q)PREFIX} 2>/dev/null)\"}"
        case .files: "_files"
        case .folders: "_files -/"
        case .people: "compadd -U -- ${(f)\"$(crm $vault completions --people -- ${(Q)PREFIX} 2>/dev/null)\"}"
        case .keys: "compadd -- \(PersonDocument.knownKeys.joined(separator: " "))"
        case .assignments: "compadd -S '' -- \(PersonDocument.settableKeys.map { $0 + "=" }.joined(separator: " "))"
        }
    }

    static func zsh() -> String {
        let commands = Commands.all.map { "'\($0.name):\($0.summary.replacingQuotes)'" }.joined(separator: " ")
        var cases = ""
        var valueCases = ""
        var inlineCases = ""
        var globalValueCases = ""
        for option in Command.globalOptions where option.value != nil {
            if let completion = zshCompletion(option.completion) { globalValueCases += "    *' \(option.name)') \(completion); return ;;\n" }
        }
        // The patterns of "COMMAND POSITION" each way of completing an argument is for.
        var argumentPatterns: [(completion: String, patterns: [String])] = []
        for command in Commands.all {
            let opts = options(command).map { "'\($0.name)'" }.joined(separator: " ")
            cases += "    \(command.name)) opts=(\(opts)) ;;\n"
            for option in command.options {
                guard let completion = zshCompletion(option.completion) else { continue }
                if option.value != nil {
                    valueCases += "    '\(command.name) \(option.name)') \(completion); return ;;\n"
                } else {   // a flag's value given inline: `--calendar=TARGET`
                    inlineCases += "    '\(command.name) \(option.name)='*) compset -P '*='; \(completion); return ;;\n"
                }
            }
            for (n, argument) in command.arguments.enumerated() {
                guard let completion = zshCompletion(argument.completion) else { continue }
                let pattern = "'\(command.name) '" + (argument.isRepeated ? "<\(n + 1)->" : "\(n + 1)")
                if let index = argumentPatterns.firstIndex(where: { $0.completion == completion }) {
                    argumentPatterns[index].patterns.append(pattern)
                } else {
                    argumentPatterns.append((completion, [pattern]))
                }
            }
        }
        let argumentCases = argumentPatterns.map { "    \($0.patterns.joined(separator: "|"))) \($0.completion) ;;\n" }.joined()
        return """
        #compdef crm
        _crm() {
          local -a commands opts vault
          local i=2 cmd=''
          commands=(\(commands))
          # The global options before the command word; --vault is kept for 'crm completions'.
          while (( i < CURRENT )); do
            case $words[i] in
              --vault) vault=(--vault ${~words[i+1]}); (( i += 2 )) ;;
              --vault=*) vault=(--vault ${~words[i]#--vault=}); (( i += 1 )) ;;
              --json|--no-pager) (( i += 1 )) ;;
              *) cmd=$words[i]; break ;;
            esac
          done
          if [[ -z $cmd ]]; then
            if [[ $words[CURRENT-1] == --vault ]]; then _files -/; else _describe 'command' commands; fi
            return
          fi
          case "$cmd $words[CURRENT-1]" in
        \(globalValueCases)\(valueCases)  esac
          case "$cmd $words[CURRENT]" in
        \(inlineCases)  esac
          case $cmd in
        \(cases)  esac
          if [[ $words[CURRENT] == -* ]]; then
            compadd -- $opts
            return
          fi
          # The arguments: "COMMAND N" for the Nth word after the command.
          case "$cmd $(( CURRENT - i ))" in
        \(argumentCases)  esac
        }
        _crm "$@"

        """
    }

    /// The arguments of fish's `complete` that offer `kind`.
    private static func fishCompletion(_ kind: CompletionKind) -> String? {
        switch kind {
        case .none: nil
        case .words(let words): "-a '\(words.joined(separator: " "))'"
        case .types: "-a '(crm (__crm_vault) completions --types 2>/dev/null)'"
        case .tags: "-a '(crm (__crm_vault) completions --tags 2>/dev/null)'"
        case .files, .folders: "-F"
        case .people: "-a '(crm (__crm_vault) list --ids 2>/dev/null)'"
        case .keys: "-a '\(PersonDocument.knownKeys.joined(separator: " "))'"
        case .assignments: "-a '\(PersonDocument.settableKeys.map { $0 + "=" }.joined(separator: " "))'"
        }
    }

    static func fish() -> String {
        var out = """
        # fish completion for crm
        complete -c crm -f
        # The vault the command line names, as crm options.
        function __crm_vault
            set -l words (commandline -opc)
            for i in (seq (count $words))
                if test "$words[$i]" = --vault; and test $i -lt (count $words)
                    echo --vault; echo $words[(math $i + 1)]
                else if string match -q -- '--vault=*' $words[$i]
                    echo --vault; string replace -- '--vault=' '' $words[$i]
                end
            end
        end

        """
        let names = Commands.all.map(\.name).joined(separator: " ")
        // The commands each way of completing an argument is for (fish does not count arguments).
        var arguments: [(completion: String, commands: [String])] = []
        for command in Commands.all {
            out += "complete -c crm -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d '\(command.summary.replacingQuotes)'\n"
            for option in options(command) {
                let long = option.name.dropFirst(2)
                var line = "complete -c crm -n '__fish_seen_subcommand_from \(command.name)' -l \(long)"
                if option.value != nil {
                    line += " -r"
                    if let completion = fishCompletion(option.completion) { line += " " + completion }
                }
                out += line + " -d '\(option.help.replacingQuotes)'\n"
            }
            for argument in command.arguments {
                guard let completion = fishCompletion(argument.completion) else { continue }
                if let index = arguments.firstIndex(where: { $0.completion == completion }) {
                    if !arguments[index].commands.contains(command.name) { arguments[index].commands.append(command.name) }
                } else {
                    arguments.append((completion, [command.name]))
                }
            }
        }
        for (completion, commands) in arguments {
            out += "complete -c crm -n '__fish_seen_subcommand_from \(commands.joined(separator: " "))' \(completion)\n"
        }
        return out
    }
}

extension String {
    /// Safe inside a single-quoted shell word.
    var replacingQuotes: String { split(separator: "'", omittingEmptySubsequences: false).joined(separator: "’") }
}
