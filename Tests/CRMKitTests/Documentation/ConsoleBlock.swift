/// A ```console block of a Markdown file: shell commands after `$ `, each followed by the output
/// the reader is told to expect. Blocks that cannot be run (interactive, machine-specific) use
/// another info string (```text) and are not read here.
struct ConsoleBlock: Sendable {
    struct Step: Sendable {
        /// The command as typed after `$ `.
        var command: String
        /// The 1-based line of the command in the Markdown file.
        var line: Int
        /// The output lines shown under the command; a line that is only `…` stands for any lines.
        var expected: [String]
    }

    var line: Int
    var steps: [Step]

    /// Every ```console block in `markdown`, in order. A block whose first line is not a
    /// command is a mistake in the document and is reported with its line.
    static func all(in markdown: String) throws(DocumentError) -> [ConsoleBlock] {
        var blocks: [ConsoleBlock] = []
        var current: ConsoleBlock?
        for (index, raw) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let number = index + 1
            if var block = current {
                if text.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else if text.hasPrefix("$ ") {
                    block.steps.append(Step(command: String(text.dropFirst(2)), line: number, expected: []))
                    current = block
                } else if block.steps.isEmpty {
                    throw DocumentError(line: number, message: "a console block must start with a '$ ' command line")
                } else {
                    block.steps[block.steps.count - 1].expected.append(text)
                    current = block
                }
            } else if text == "```console" {
                current = ConsoleBlock(line: number, steps: [])
            }
        }
        if let current { throw DocumentError(line: current.line, message: "console block never closed") }
        return blocks
    }

    /// Whether `actual` is what `expected` shows, where a line `…` (alone, indented or not)
    /// matches any number of lines.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        let rest = Array(expected.dropFirst())
        if isWildcard(first) {
            return (0...actual.count).contains { matches(Array(actual.dropFirst($0)), rest) }
        }
        return actual.first == first && matches(Array(actual.dropFirst()), rest)
    }
}

extension ConsoleBlock {
    /// A line that is only `…` (indented or not) stands for any number of output lines.
    static func isWildcard(_ line: String) -> Bool { line.filter { $0 != " " } == "…" }
}

struct DocumentError: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
}
