import CRMKit
import CRMTerminal

/// Everything `crm browse` shows, as a value: the people list at the bottom, the screens opened
/// over it, a message, and what the app knows of the vault. Keys change it (`handle(_:)`);
/// `BrowseLayout.screen(_:size:)` draws it; what needs the files or another program is asked
/// of `BrowseSession` as a `BrowseRequest`.
package struct BrowseState: Sendable {
    /// What the app knows of where it runs, fixed for a session.
    package struct Setting: Sendable {
        /// The vault as shown in the header (`~/people`).
        package var vault: String
        package var version: String
        /// The vault's interaction types; the first is the default.
        package var types: [String]
        /// The log's heading.
        package var heading = "Interactions"
        /// The calendar a log sheet can add an event to (`$CRM_CALENDAR`, else `calendar:`), as shown.
        package var calendar: String?
        /// The address book the picker offers (`$CRM_CONTACTS`, else `contacts:`), as shown.
        package var contacts: String?
    }

    /// A line at the foot of the screen saying what happened, until the next key.
    package struct Message: Sendable, Equatable {
        package enum Kind: Sendable { case info, error }
        package var text: String
        package var kind: Kind

        package static func info(_ text: String) -> Message { Message(text: text, kind: .info) }
        package static func error(_ text: String) -> Message { Message(text: text, kind: .error) }
    }

    /// A screen opened over the people list.
    package enum Layer: Sendable {
        case person(PersonPage)
        case sheet(LogSheet)
        case picker(ContactPicker)
        case nameEntry(NameEntry)
        case about(AboutPage)
    }

    /// Whether the app browses the vault, or only picks a contact (`crm add --from` on a terminal).
    package enum Mode: Sendable, Equatable { case browsing, picking }

    package let setting: Setting
    package let mode: Mode
    package internal(set) var listing: PeopleListing
    package internal(set) var list: PeopleList
    /// The Today view, when `t` shows it instead of the people.
    package internal(set) var today: TodayPage?
    /// Screens opened over the list, the top one last.
    package internal(set) var layers: [Layer] = []
    package internal(set) var message: Message?
    /// The size the screen is laid out for (scrolling keeps the selection in it).
    package internal(set) var size: Size

    package init(setting: Setting, listing: PeopleListing, size: Size = Size(columns: 80, rows: 24)) {
        self.setting = setting
        self.listing = listing
        self.size = size
        mode = .browsing
        list = PeopleList(listing: listing)
    }

    /// The picker alone, over `decisions` (what `crm import` would do with each card), for
    /// `crm add --from`: Enter asks to `.pick` a contact, Esc to `.quit`.
    package init(setting: Setting, picking decisions: [ContactImport.Decision], source: String, today: Day,
                filter: String = "", size: Size = Size(columns: 80, rows: 24)) {
        self.setting = setting
        listing = PeopleListing(today: today, rows: [])
        self.size = size
        mode = .picking
        list = PeopleList(listing: listing)
        layers = [.picker(ContactPicker(source: source, decisions: decisions, filter: filter, rows: BrowseLayout.bodyRows(size) - 1))]
    }

    /// The screen on top.
    package var top: Layer? { layers.last }

    /// The person page on top, or under the sheet on top.
    var personPage: PersonPage? {
        for layer in layers.reversed() { if case .person(let page) = layer { return page } }
        return nil
    }

    /// Replaces the listing (the vault changed), keeping the order, filter, marks and, when
    /// they are still listed, the selected person.
    mutating func replaceListing(_ new: PeopleListing) {
        let id = list.selectedID(in: listing)
        listing = new
        list.replaceListing(new, keeping: id, rows: listRows)
    }

    /// The window changed size.
    mutating func resize(_ new: Size) {
        size = new
        list.scroll(rows: listRows)
        let rows = bodyRows
        today?.scroll(rows: rows)
        for (i, layer) in layers.enumerated() {
            switch layer {
            case .person(var page):
                page.scroll(size: new)
                layers[i] = .person(page)
            case .picker(var picker):
                picker.scroll(rows: listRows)
                layers[i] = .picker(picker)
            default: break
            }
        }
    }

    /// Rows between the title and the message and key lines.
    var bodyRows: Int { BrowseLayout.bodyRows(size) }

    /// Rows of people on the list (under the column headings), of contacts in the picker
    /// (under the search field).
    var listRows: Int { max(1, bodyRows - 1) }

    /// Columns laid out: the window's, up to `BrowseLayout.maximumColumns`.
    var columns: Int { BrowseLayout.columns(size) }

    mutating func replaceTop(_ layer: Layer) {
        if layers.isEmpty { layers.append(layer) } else { layers[layers.count - 1] = layer }
    }

    /// Replaces the person page (on top or under the top sheet) with `page`.
    mutating func replacePersonPage(_ page: PersonPage) {
        guard let index = layers.lastIndex(where: { if case .person = $0 { true } else { false } }) else { return }
        layers[index] = .person(page)
    }
}
