/// One front-matter key the tool gives a meaning to, defined once: the form its value must have,
/// the text a message uses for that form, and how the tool writes it.
///
/// Reading (`PersonDocument`'s fields), `crm check`, the listings' warnings (`ReadProblems`),
/// `crm set` and `crm add` validation and `crm fmt`'s quoting all ask here, so a problem reads the
/// same wherever it is reported, and adding a key is one entry in `all`.
package struct FieldSchema: Sendable {
    /// What a value of the key is.
    package enum Kind: Sendable {
        /// Text; with `list`, a list of texts too (`phone: ["+44 …", "+33 …"]`).
        case text(list: Bool)
        /// A value of a form of its own (a date, a cadence), named by `form` in messages. Written
        /// plain, so Obsidian reads dates as dates.
        case typed(form: String, parse: @Sendable (String) -> Bool)
        /// Names, each with a value of a form of its own, one a line below the key
        /// (`dates:` then `  anniversary: 2015-06-20`); each value is checked at its own place.
        case typedMap(form: String, parse: @Sendable (String) -> Bool)
    }

    package let key: String
    package let kind: Kind
    /// Written double-quoted whatever the value, so no YAML reader ever reads a number.
    package let alwaysQuoted: Bool
    /// `crm set KEY=a,b` gives a list of two.
    package let commaSeparated: Bool
    /// For a list whose items have a form of their own: what is wrong with one item's text
    /// (nil when it has the form). Each bad item is reported at its own line and column.
    let itemProblem: (@Sendable (String) -> String?)?

    init(_ key: String, _ kind: Kind, alwaysQuoted: Bool = false, commaSeparated: Bool = false,
         itemProblem: (@Sendable (String) -> String?)? = nil) {
        self.key = key
        self.kind = kind
        self.alwaysQuoted = alwaysQuoted
        self.commaSeparated = commaSeparated
        self.itemProblem = itemProblem
    }

    package static let name = FieldSchema("name", .text(list: false))
    package static let contactID = FieldSchema("contact_id", .text(list: false), alwaysQuoted: true)
    package static let phone = FieldSchema("phone", .text(list: true), alwaysQuoted: true)
    package static let email = FieldSchema("email", .text(list: true))
    package static let birthday = FieldSchema("birthday", .typed(form: "a date (YYYY-MM-DD, or --MM-DD without the year)",
                                                                parse: { Birthday($0) != nil }))
    package static let tags = FieldSchema("tags", .text(list: true), commaSeparated: true)
    package static let aliases = FieldSchema("aliases", .text(list: true), commaSeparated: true)
    package static let every = FieldSchema("every", .typed(form: "a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y)",
                                                          parse: { Cadence($0) != nil }))
    package static let snooze = FieldSchema("snooze", .typed(form: "a date (YYYY-MM-DD)", parse: { Day($0) != nil }))
    package static let added = FieldSchema("added", .typed(form: "a date (YYYY-MM-DD)", parse: { Day($0) != nil }))
    /// When a contact source says you connected (LinkedIn's "Connected On"); not `added`.
    package static let connected = FieldSchema("connected", .typed(form: "a date (YYYY-MM-DD)", parse: { Day($0) != nil }))
    /// The person's LinkedIn profile URL, by which `crm import` and `crm refresh` know them in a
    /// LinkedIn export when their `contact_id` is another address book's.
    package static let linkedIn = FieldSchema("linkedin", .text(list: false))
    /// Dates that matter besides the birthday, by name (`anniversary: 2015-06-20`, `met: 2019-03`).
    package static let dates = FieldSchema("dates", .typedMap(form: PartialDate.form, parse: { PartialDate($0) != nil }))
    /// The day the person died: never due, no birthday nor dates reminded; the log stays.
    package static let deceased = FieldSchema("deceased", .typed(form: PartialDate.form, parse: { PartialDate($0) != nil }))
    /// Relationships, each item `"[[id|RELATION: Name]]"` or `"RELATION: Name"` (see `Relationship`).
    package static let related = FieldSchema("related", .text(list: true), itemProblem: Relationship.problem(with:))

    /// Every known key, in the order a new file lists them.
    package static let all: [FieldSchema] = [name, contactID, phone, email, birthday, tags, aliases, every, snooze, added, connected,
                                             linkedIn, related, dates, deceased]

    /// The known key `key`, if it is one.
    package static func named(_ key: String) -> FieldSchema? { all.first { $0.key == key } }

    /// Whether the key's value has a form of its own (a date, a cadence).
    package var isTyped: Bool {
        if case .typed = kind { return true }
        return false
    }

    /// Whether the key holds names with values below it (`dates:`).
    package var isMap: Bool {
        if case .typedMap = kind { return true }
        return false
    }

    /// Whether the key holds a list (or a single text standing for a list of one): `KEY+=ITEM`
    /// and `KEY-=ITEM` edit it.
    package var isList: Bool {
        if case .text(list: true) = kind { return true }
        return false
    }

    /// Whether `value` has this key's form; any text for a text key.
    package func accepts(_ value: String) -> Bool {
        switch kind {
        case .typed(_, let parse): return parse(value)
        case .typedMap: return false
        case .text: return true
        }
    }

    /// What is wrong with `value`, the value of `name` under this map key (`dates:`); nil when it
    /// has the key's form.
    package func problem(name: String, value: String?) -> String? {
        guard case .typedMap(let form, let parse) = kind else { return nil }
        guard let value else { return "\(key): \(name): the value is not \(form)" }
        return parse(value) ? nil : "\(key): \(name): '\(value)' is not \(form)"
    }

    /// What is wrong with `value` (`nil` when it is written as is) as this key's one value: the
    /// message `crm check`, the listings, `crm set` and `crm add` all give. `value` is `nil` when
    /// the file holds no single value (a list, a mapping). `label` names the value when it is not
    /// the key (`--within` for a cadence given as an option).
    package func problem(with value: String?, label: String? = nil) -> String? {
        let label = label ?? key
        switch kind {
        case .typed(let form, let parse):
            guard let value else { return "\(label): the value is not \(form)" }
            return parse(value) ? nil : "\(label): '\(value)' is not \(form)"
        case .typedMap:
            return "\(label) holds a name and a date on each line below it ('  anniversary: 2015-06-20'), not one value"
        case .text(let list):
            guard let value else { return "\(key) must be text" + (list ? " or a list of text" : "") }
            if let itemProblem { return itemProblem(value) }
            guard key == FieldSchema.name.key else { return nil }
            if value.trimmingSpaces.isEmpty { return "name cannot be empty" }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "name must be one line of text, without control characters"
            }
            if !FieldSchema.isVisible(value) {
                return "name has no visible character (only spaces and invisible characters such as U+200B)"
            }
            return nil
        }
    }

    /// Whether `text` has a character that shows: one that is not white space, a control, a
    /// format character (zero-width spaces and joiners, bidirectional marks), nor one Unicode
    /// says to ignore where it cannot be drawn (U+3164, the Hangul filler). A name needs one.
    package static func isVisible(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return false
            default: return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// Why the key cannot be removed (`crm unset`), when it cannot: a person always has a name.
    package var removalProblem: String? {
        key == FieldSchema.name.key ? "name is required; use 'crm rename' to change it" : nil
    }

    /// The warning for a plain list or text item that some YAML readers take for something else.
    func ambiguityWarning(_ item: String) -> String {
        "\(key) '\(item)' is read as a number, date, boolean or null by some YAML readers; quote it ('crm fmt' does)"
    }

    /// The warning for a value (or, with `item`, a list item) that is empty only because what
    /// follows is a YAML comment (`tags: #friends`): what YAML reads, and how to write the text so
    /// it is the value. Text keys keep the `#` in quotes; `tags` also drops it, as Obsidian writes
    /// tags; a typed key drops it when the rest has the key's form.
    func commentedOutWarning(_ comment: String, item: Bool) -> String {
        let bare = comment.drop { $0 == "#" }.trimmingSpaces
        var forms: [String] = []
        if !isTyped, !isMap { forms.append(item ? "- " + YAMLQuoting.doubleQuoted(comment) : "\(key): " + YAMLQuoting.doubleQuoted(comment)) }
        if isTyped, !bare.isEmpty, accepts(bare) { forms.append("\(key): " + bare) }
        // Tags as Obsidian writes them: `#friends #family` is `[friends, family]`.
        let words = comment.split(separator: " ").map { String($0.drop { $0 == "#" }) }
        if key == FieldSchema.tags.key, !words.contains(where: \.isEmpty), !item || words.count == 1 {
            forms.append(item ? "- " + YAMLQuoting.scalar(words[0]) : "\(key): " + YAMLQuoting.flowSequence(words))
        }
        let what = item ? "\(key) has an empty item" : "\(key) has no value"
        let how = forms.isEmpty ? "" : "; if it is the value, write " + forms.joined(separator: " or ")
        return "\(what): '\(comment)' is a YAML comment (a '#' after a space starts one)\(how)"
    }

    /// What is wrong with `key` as a key the tool writes: keys are plain YAML words, a letter or
    /// `_` first, then letters, digits, `_` and `-`.
    package static func keyProblem(_ key: String) -> String? {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
              key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" })
        else { return "'\(key)' is not a valid key (letters, digits, '_' and '-', starting with a letter)" }
        return nil
    }
}

extension PersonDocument {
    /// The front-matter keys the tool gives a meaning to, in the order a new file lists them.
    package static var knownKeys: [String] { FieldSchema.all.map(\.key) }
    /// The known keys `crm set KEY=VALUE` takes: all but `dates`, whose names and dates are
    /// written one a line in the file.
    package static var settableKeys: [String] { FieldSchema.all.filter { !$0.isMap }.map(\.key) }
}
