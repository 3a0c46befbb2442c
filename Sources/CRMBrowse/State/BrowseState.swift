import CRMKit
import CRMTerminal

/// Everything `crm browse` shows, as a value: the people list at the bottom, the screens opened
/// over it, a message, and what the app knows of the vault. Keys change it (`handle(_:)`);
/// `BrowseLayout.screen(_:size:)` draws it; what needs the files or another program is asked
/// of `BrowseSession` as a `BrowseRequest`.
public struct BrowseState: Sendable {
    /// What the app knows of where it runs, fixed for a session.
    public struct Setting: Sendable {
        /// The vault as shown in the header (`~/people`).
        public var vault: String
        public var version: String
        /// The vault's interaction types; the first is the default.
        public var types: [String]
        /// The log's heading.
        public var heading: String
        /// The calendar a log sheet can add an event to (`$CRM_CALENDAR`, else `calendar:`), as shown.
        public var calendar: String?
        /// The address book the picker offers (`$CRM_CONTACTS`, else `contacts:`), as shown.
        public var contacts: String?

        public init(vault: String, version: String, types: [String], heading: String = "Interactions",
                    calendar: String? = nil, contacts: String? = nil) {
            self.vault = vault
            self.version = version
            self.types = types
            self.heading = heading
            self.calendar = calendar
            self.contacts = contacts
        }
    }

    /// A line at the foot of the screen saying what happened, until the next key.
    public struct Message: Sendable, Equatable {
        public enum Kind: Sendable { case info, error }
        public var text: String
        public var kind: Kind

        public static func info(_ text: String) -> Message { Message(text: text, kind: .info) }
        public static func error(_ text: String) -> Message { Message(text: text, kind: .error) }
    }

    /// A screen opened over the people list.
    public enum Layer: Sendable {
        case person(PersonPage)
        case sheet(LogSheet)
        case picker(ContactPicker)
        case nameEntry(NameEntry)
        case about(AboutPage)
    }

    /// Whether the app browses the vault, or only picks a contact (`crm add --from` on a terminal).
    public enum Mode: Sendable, Equatable { case browsing, picking }

    public let setting: Setting
    public let mode: Mode
    public internal(set) var listing: PeopleListing
    public internal(set) var list: PeopleList
    /// The Today view, when `t` shows it instead of the people.
    public internal(set) var today: TodayPage?
    /// Screens opened over the list, the top one last.
    public internal(set) var layers: [Layer] = []
    public internal(set) var message: Message?
    /// The size the screen is laid out for (scrolling keeps the selection in it).
    public internal(set) var size: Size

    public init(setting: Setting, listing: PeopleListing, size: Size = Size(columns: 80, rows: 24)) {
        self.setting = setting
        self.listing = listing
        self.size = size
        mode = .browsing
        list = PeopleList(listing: listing)
    }

    /// The picker alone, over `decisions` (what `crm import` would do with each card), for
    /// `crm add --from`: Enter asks to `.pick` a contact, Esc to `.quit`.
    public init(setting: Setting, picking decisions: [ContactImport.Decision], source: String, today: Day,
                filter: String = "", size: Size = Size(columns: 80, rows: 24)) {
        self.setting = setting
        listing = PeopleListing(today: today, rows: [])
        self.size = size
        mode = .picking
        list = PeopleList(listing: listing)
        layers = [.picker(ContactPicker(source: source, decisions: decisions, filter: filter, rows: BrowseLayout.bodyRows(size) - 1))]
    }

    /// The screen on top.
    public var top: Layer? { layers.last }

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
