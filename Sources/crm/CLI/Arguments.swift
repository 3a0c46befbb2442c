import CRMKit

/// An option a command takes: `--name VALUE` / `--name=VALUE`, or a flag without a value.
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// The value's placeholder in help (`DATE`), nil for a flag.
    var value: String?
    /// What the value completes to; a flag's only when it takes one inline (`--calendar=TARGET`).
    var completion: CompletionKind
    var help: String
    var repeatable = false

    /// An option with a value, and what the value completes to.
    init(name: String, short: Character? = nil, value: String, completion: CompletionKind, help: String, repeatable: Bool = false) {
        self.name = name
        self.short = short
        self.value = value
        self.completion = completion
        self.help = help
        self.repeatable = repeatable
    }

    /// A flag; `inline` is what a value given inline completes to, for a flag that takes one.
    init(name: String, short: Character? = nil, inline: CompletionKind = .none, help: String) {
        self.name = name
        self.short = short
        self.completion = inline
        self.help = help
    }

    /// The only values the option takes (`--sort name|last|due`), for the parser to check:
    /// the words it completes to; empty for any value.
    var choices: [String] {
        if case .words(let words) = completion { words } else { [] }
    }
}

/// A positional argument a command takes, as help names it (`PERSON`, `NOTE…` for one or more).
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var completion: CompletionKind

    init(_ name: String, completion: CompletionKind, help: String) {
        self.name = name
        self.help = help
        self.completion = completion
    }

    /// Whether it stands for the rest of the arguments (`NOTE…`).
    var isRepeated: Bool { name.hasSuffix("…") }
}

/// The options and positional arguments of one invocation, after parsing.
struct ParsedArguments {
    var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    /// Whether `option` was given. Options are read through their declarations, so that a
    /// misspelt option is a compile error, not a value never found.
    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.name) }
    /// Its value (a flag's inline one: `--calendar=TARGET`), the last if given more than once.
    func value(_ option: OptionSpec) -> String? { values[option.name]?.last }
    func all(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// Parses `arguments` against `options`; `--` ends options, `-` alone is a positional (stdin).
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var optionsEnded = false
        func spec(_ name: String) throws(UsageError) -> OptionSpec {
            guard let spec = options.first(where: { $0.name == name }) else {
                let close = closest(to: name, in: options.map(\.name))
                throw UsageError("unknown option '\(name)'" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"),
                                 text: isOptionShaped(name) ? nil : name)
            }
            return spec
        }
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || isNegativeNumberLike(argument) {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            } else if !argument.hasPrefix("--") {
                guard argument.count == 2, let short = options.first(where: { $0.short == argument.last }) else {
                    throw UsageError("unknown option '\(argument)'", text: isOptionShaped(argument) ? nil : argument)
                }
                name = short.name
            }
            let option = try spec(name)
            if option.value == nil {
                if let inline {
                    // `--calendar=TARGET` style: a flag that may also take a value inline.
                    result.values[option.name, default: []].append(inline)
                }
                result.flags.insert(option.name)
                continue
            }
            let value: String
            if let inline { value = inline } else {
                guard i < arguments.count else { throw UsageError("option '\(name)' needs a value (\(option.value!))") }
                value = arguments[i]
                i += 1
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                throw UsageError("\(option.name): unknown value '\(value)'; use \(option.choices.joined(separator: ", "))")
            }
            if !option.repeatable, result.values[option.name] != nil {
                throw UsageError("option '\(name)' given twice")
            }
            result.values[option.name, default: []].append(value)
        }
        return result
    }

    /// `-x`, `--name` or `--name-with-dashes`: what an option looks like. Anything else that
    /// starts with `-` (`- dash note`, `-> later`) is text meant as an argument.
    static func isOptionShaped(_ argument: String) -> Bool {
        let isLetter: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        if argument.count == 2 { return isLetter(argument.last!) }
        guard argument.hasPrefix("--"), let first = argument.dropFirst(2).first, isLetter(first) else { return false }
        return argument.dropFirst(2).allSatisfy { isLetter($0) || $0 == "-" }
    }

    /// `-3d`, `-2w` are dates, not options.
    private static func isNegativeNumberLike(_ argument: String) -> Bool {
        argument.count > 1 && argument.dropFirst().first?.isNumber == true
    }
}

/// The candidates nearest to `word` (at most two edits away), for "did you mean" hints.
func closest(to word: String, in candidates: [String]) -> [String] {
    let scored = candidates.map { ($0, editDistance($0, word)) }.filter { $0.1 <= 2 }
    guard let best = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == best }.map(\.0)
}
