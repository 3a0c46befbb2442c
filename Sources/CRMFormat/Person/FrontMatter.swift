/// The YAML block at the top of a person file, between `---` and `---` (or `...`).
package struct FrontMatter: Sendable {
    /// 0-based index of the opening `---` line (always the first line).
    package let openLine: Int
    /// 0-based index of the closing `---` or `...` line.
    package let closeLine: Int
    /// The top-level keys in file order, with their spans.
    package let pairs: [YAMLSpannedPair]
    /// Whether the YAML has errors; the tool then refuses to edit it.
    package let hasErrors: Bool

    /// The value of `key`; with duplicate keys, the last one (as YAML readers do).
    package subscript(key: String) -> YAMLNode? {
        pairs.last { $0.key == key }?.value
    }

    /// Every key and value in file order.
    package var properties: [YAMLPair] { pairs.map { YAMLPair(key: $0.key, value: $0.value) } }

    package func pair(_ key: String) -> YAMLSpannedPair? { pairs.last { $0.key == key } }

    /// Finds and reads front matter; returns nil when the file does not start with `---`.
    static func parse(_ text: TextBuffer, path: String, diagnostics: inout [Diagnostic]) -> FrontMatter? {
        guard text.lineCount > 0, isDelimiter(text.content(0), allowDots: false) else { return nil }
        guard let close = (1..<text.lineCount).first(where: { isDelimiter(text.content($0), allowDots: true) }) else {
            diagnostics.append(Diagnostic(path: path, line: 1, rule: .unterminatedFrontMatter,
                                          message: "front matter starts with '---' but has no closing '---'"))
            return nil
        }
        let (pairs, problems) = YAMLBlockParser.mapping(in: text, lines: 1..<close, path: path)
        diagnostics += problems
        return FrontMatter(openLine: 0, closeLine: close, pairs: pairs,
                           hasErrors: problems.contains { $0.severity == .error })
    }

    /// `---` (or `...` to close), with nothing after it but spaces.
    package static func isDelimiter(_ line: ArraySlice<UInt8>, allowDots: Bool) -> Bool {
        guard line.count >= 3 else { return false }
        let marker = line.first!
        guard marker == 0x2D || (allowDots && marker == 0x2E) else { return false }
        return line.prefix(3).allSatisfy { $0 == marker } && line.dropFirst(3).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
