import CRMKit

extension Context {
    /// The request `crm log` and `crm plan` make of their PERSON, `--with` and `--calendar`.
    func logRequest(_ person: String, _ entry: Interaction) -> LogRequest {
        let calendar = arguments.flag(EntryOption.calendar)
            ? LogRequest.CalendarChoice(explicit: arguments.value(EntryOption.calendar), environment: environment, user: user) : nil
        return LogRequest(person: person, with: arguments.all(EntryOption.with), entry: entry, calendar: calendar)
    }

    /// Prints what an operation did: its lines (warnings and problems to standard error), or with `--json` its
    /// `json`, the warnings still on standard error.
    func show(_ outcome: some Outcome) {
        for line in outcome.lines {
            switch line.kind {
            case .said: if !json { terminal.print(line.text) }
            case .warning: warn(line.text)
            case .problem: terminal.error(line.text)
            }
        }
        if json { printJSON(outcome.json) }
    }
}
