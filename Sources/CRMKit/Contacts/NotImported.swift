import CRMFormat
import CRMVault

/// What an import leaves out because a person file keeps no such field, a CSV's column
/// (`'Department'`) or a card's property (`ADR`, `URL`): said once per file, at the first place
/// one has a value, each field named once with how many rows or cards have a value in it, so
/// nothing is dropped without a word.
struct NotImported {
    /// "row" or "card".
    let unit: String
    /// Each field in the order given, with how many rows or cards have a value in it.
    private(set) var fields: [(name: String, count: Int)] = []
    /// Where the warning goes: the first place given.
    private(set) var place: (line: Int, column: Int)?

    init(unit: String) {
        self.unit = unit
    }

    /// Counts `count` rows or cards with a value in `field`, the first found at `line`, `column`.
    mutating func add(_ field: String, count: Int = 1, line: Int, column: Int = 1) {
        if place == nil { place = (line, column) }
        if let index = fields.firstIndex(where: { $0.name == field }) {
            fields[index].count += count
        } else {
            fields.append((field, count))
        }
    }

    /// The one warning, `nil` when every value was kept.
    func warning(path: String) -> Diagnostic? {
        guard let place, !fields.isEmpty else { return nil }
        let listed = fields.map { "\($0.name) (\($0.count) \(unit)\($0.count == 1 ? "" : "s"))" }
        return Diagnostic(path: path, line: place.line, column: place.column, severity: .warning,
                          message: "not imported, as a person file keeps no such field: " + listed.joined(separator: ", "))
    }
}
