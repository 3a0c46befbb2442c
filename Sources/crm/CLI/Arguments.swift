/// An option a command takes: `--name VALUE` / `--name=VALUE`, or a flag without a value.
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// The value's placeholder in help (`DATE`), nil for a flag.
    var value: String?
    var help: String
    var repeatable = false
}

/// The options and positional arguments of one invocation, after parsing.
struct ParsedArguments {
    var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses `arguments` against `options`; `--` ends options, `-` alone is a positional (stdin).
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var optionsEnded = false
        func spec(_ name: String) throws(UsageError) -> OptionSpec {
            guard let spec = options.first(where: { $0.name == name }) else {
                let close = closest(to: name, in: options.map(\.name))
                throw UsageError("unknown option '\(name)'" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"))
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
                    throw UsageError("unknown option '\(argument)'")
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
            if !option.repeatable, result.values[option.name] != nil {
                throw UsageError("option '\(name)' given twice")
            }
            result.values[option.name, default: []].append(value)
        }
        return result
    }

    /// `-3d`, `-2w` are dates, not options.
    private static func isNegativeNumberLike(_ argument: String) -> Bool {
        argument.count > 1 && argument.dropFirst().first?.isNumber == true
    }
}

/// Edit distance where swapping two neighbours counts as one edit (`lsit` → `list`).
func levenshteinDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[a.count][b.count]
}

/// The candidates nearest to `word` (at most two edits away), for "did you mean" hints.
func closest(to word: String, in candidates: [String]) -> [String] {
    let scored = candidates.map { ($0, levenshteinDistance($0, word)) }.filter { $0.1 <= 2 }
    guard let best = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == best }.map(\.0)
}
