import CRMFormat

/// What an operation did, as every front end shows it: `lines` to tell the user, worded once
/// here in the library (`crm` prints them, warnings on standard error; `crm browse` shows them
/// as one message), and `json`, what `--json` prints.
package protocol Outcome: Sendable {
    var lines: [OutcomeLine] { get }
    var json: JSON { get }
}

/// One line to tell the user: what was done, a warning, or a problem found in a file (its
/// `path:line:col: severity: message`, said as it is).
package struct OutcomeLine: Sendable, Equatable {
    package enum Kind: Sendable { case said, warning, problem }
    package let kind: Kind
    package let text: String

    package static func said(_ text: String) -> OutcomeLine { OutcomeLine(kind: .said, text: text) }
    package static func warning(_ text: String) -> OutcomeLine { OutcomeLine(kind: .warning, text: text) }
    package static func problem(_ text: String) -> OutcomeLine { OutcomeLine(kind: .problem, text: text) }
}
