/// The keys of each screen, worded once: the key line at the foot of each screen shows the
/// bindings that have a `hint`, About lists them all, and the documentation's key tables are
/// checked against them.
package enum KeyHelp {
    package struct Binding: Sendable {
        /// The keys, as shown (`j ↓`).
        package let keys: String
        /// What they do.
        package let action: String
        /// The key and word shown on the key line (`/ filter`); nil: only in About.
        package let hint: (key: String, word: String)?
    }

    /// A screen's bindings under its name.
    package struct Section: Sendable {
        package let screen: String
        package let bindings: [Binding]
    }

    private static func bind(_ keys: String, _ action: String, hint: (String, String)? = nil) -> Binding {
        Binding(keys: keys, action: action, hint: hint)
    }

    package static let peopleList = Section(screen: "People list", bindings: [
        bind("j k ↓ ↑", "move down, up"),
        bind("g G Home End", "first, last"),
        bind("PgDn PgUp", "a screen down, up"),
        bind("Enter", "open the person", hint: ("Enter", "open")),
        bind("/", "filter as you type: names, aliases, tags, emails (Enter keeps it, Esc clears it)", hint: ("/", "filter")),
        bind("s", "sort by due date, name, last contact", hint: ("s", "sort")),
        bind("t", "Today: what is overdue, today and in the coming days", hint: ("t", "today")),
        bind("l", "log an interaction with the person selected, or one with everyone marked", hint: ("l", "log")),
        bind("p", "plan one", hint: ("p", "plan")),
        bind("a", "add a person from the address book (or by name)", hint: ("a", "add")),
        bind("Space", "mark the person (l then logs one interaction with everyone marked, as crm log --with)"),
        bind("Esc", "clear the filter, then the marks"),
        bind("?", "about, and these keys", hint: ("?", "help")),
        bind("q", "quit", hint: ("q", "quit")),
    ])

    package static let today = Section(screen: "Today", bindings: [
        bind("j k ↓ ↑", "move down, up"),
        bind("g G", "first, last"),
        bind("Enter", "open the person", hint: ("Enter", "open")),
        bind("t Esc q", "back to the people", hint: ("t", "people")),
        bind("?", "about, and these keys", hint: ("?", "help")),
    ])

    package static let person = Section(screen: "Person", bindings: [
        bind("j k ↓ ↑", "select the next, previous entry"),
        bind("g G PgDn PgUp", "first, last, a screen down, up"),
        bind("l", "log an interaction", hint: ("l", "log")),
        bind("p", "plan one", hint: ("p", "plan")),
        bind("x", "tick the open item selected (done)", hint: ("x", "done")),
        bind("u", "remove the entry selected (asks; it goes to the trash)", hint: ("u", "unlog")),
        bind("e", "edit the file in $VISUAL or $EDITOR, then check it", hint: ("e", "edit")),
        bind("c", "call: a tel: link to the opener", hint: ("c", "call")),
        bind("m", "message: an sms: link", hint: ("m", "message")),
        bind("M", "email: a mailto: link", hint: ("M", "email")),
        bind("q Esc", "back", hint: ("q", "back")),
        bind("?", "about, and these keys", hint: ("?", "help")),
    ])

    package static let sheet = Section(screen: "Log sheet", bindings: [
        bind("Tab Shift-Tab", "next, previous field", hint: ("Tab", "next field")),
        bind("← →", "the type (on Type)", hint: ("←→", "type")),
        bind("Space", "add to the calendar or not (on Calendar)"),
        bind("Ctrl-S", "save", hint: ("Ctrl-S", "save")),
        bind("Esc", "cancel (asks when a note is typed)", hint: ("Esc", "cancel")),
    ])

    package static let picker = Section(screen: "Contact picker", bindings: [
        bind("letters", "filter: names, organisations, emails, phone numbers"),
        bind("↓ ↑ Ctrl-N Ctrl-P", "move down, up", hint: ("↓↑", "move")),
        bind("Enter", "add the contact", hint: ("Enter", "add")),
        bind("Esc", "clear the filter, then cancel", hint: ("Esc", "cancel")),
    ])

    package static let nameEntry = Section(screen: "Add by name", bindings: [
        bind("Enter", "add the person", hint: ("Enter", "add")),
        bind("Esc", "cancel", hint: ("Esc", "cancel")),
    ])

    package static let about = Section(screen: "About", bindings: [
        bind("j k ↓ ↑ PgDn PgUp", "scroll", hint: ("j k", "scroll")),
        bind("q Esc ?", "back", hint: ("q", "back")),
    ])

    package static let everywhere = Section(screen: "Everywhere", bindings: [
        bind("Ctrl-C", "quit"),
        bind("Ctrl-Z", "stop, until the shell's fg"),
        bind("Ctrl-L", "draw the screen again"),
    ])

    /// Every screen's keys, in the order About lists them.
    package static let all = [peopleList, today, person, sheet, picker, nameEntry, about, everywhere]
}
