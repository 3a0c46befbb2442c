import CRMKit

/// What a key asks of the world outside the state: the files, the address book, another
/// program. `BrowseSession.perform(_:)` does it and puts the outcome back into the state.
package enum BrowseRequest: Sendable, Equatable {
    /// Leave the app.
    case quit
    /// Ctrl-Z: stop as a shell's job stops, until `fg`.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// Open the person's page.
    case openPerson(id: String)
    /// Show the Today view (the agenda).
    case showToday
    /// Open the contact picker on the address book.
    case openPicker
    /// Add the contact picked, as `crm add --from SOURCE --uid UID` does, and open their page.
    case addContact(Contact)
    /// Add a person by name, as `crm add NAME` does, and open their page.
    case addName(String)
    /// The contact picked when the picker is all there is (`crm add --from` on a terminal).
    case pick(Contact)
    /// Write the entry of the log sheet (`crm log`, or `crm plan` for an open item), in the
    /// first participant's file; `calendar`: also add a calendar event.
    case save(entry: Interaction, people: [LogSheet.Participant], calendar: Bool)
    /// Tick an open item (`crm done`).
    case tick(personID: String, item: OpenItem)
    /// Remove entry `number` to the trash (`crm unlog`).
    case unlog(personID: String, number: Int)
    /// Open the person's file in the editor, then read it again and check it (`crm edit`).
    case edit(personID: String)
    /// Hand a `tel:`, `sms:` or `mailto:` link to the opener; `shown` is the number or address,
    /// shown instead when there is no opener.
    case open(link: String, shown: String)
}
