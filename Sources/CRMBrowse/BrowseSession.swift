import CRMKit
import CRMTerminal

/// The app at work: its state, and the vault, address book, calendar and programs the state's
/// requests need. `press(_:)` applies a key and does what it asks; `poll()` reads again what
/// changed on disk. Nothing here draws: the loop draws `state` after each call.
package final class BrowseSession {
    /// What the loop does after a key.
    package enum Outcome: Sendable, Equatable {
        case draw
        case quit
        case suspend
        case redraw
    }

    package private(set) var state: BrowseState
    /// The contact picked, when the app only picks one.
    package private(set) var picked: Contact?
    private let vault: Vault
    private let environment: [String: String]
    /// The person's own settings: the editor, the opener, default contacts and calendar.
    private let user: UserConfig
    /// Runs another program (an editor, an opener) on the terminal as it was before the app;
    /// the app's screen is drawn whole afterwards.
    private let outside: (() throws -> Int32) throws -> Int32
    private var watch: VaultWatch?
    private var addressBook: PersonView.AddressBook??

    /// A session browsing `vault` on the day `$CRM_TODAY` or the clock gives.
    package init(vault: Vault, environment: [String: String], user: UserConfig, version: String, size: Size,
                outside: @escaping (() throws -> Int32) throws -> Int32) throws {
        self.vault = vault
        self.environment = environment
        self.user = user
        self.outside = outside
        let today = try Clock(environment: environment).today
        let setting = Self.setting(vault: vault, environment: environment, user: user, version: version)
        state = BrowseState(setting: setting, listing: PeopleListing(vault: vault, today: today), size: size)
        watch = nil
        sayReadProblems()
    }

    /// Problems of `.crm/config.yaml`, and files the listing left out or read in part, are said on
    /// the message line, as the commands warn about them: the first with its `path:line:col`, and
    /// how many more `crm check` lists.
    private func sayReadProblems() {
        let problems = vault.config.diagnostics.map { var problem = $0; problem.severity = .warning; return problem } + state.listing.problems
        if let said = Self.error(problems) { state.message = said }
    }

    /// The first of `problems` with its `path:line:col`, and how many more `crm check` lists; nil
    /// when there are none.
    private static func error(_ problems: [Diagnostic]) -> BrowseState.Message? {
        problems.first.map { .error($0.description + (problems.count > 1 ? " (and \(problems.count - 1) more: crm check)" : "")) }
    }

    /// A session that only picks a contact of `book` (`crm add --from` on a terminal), the
    /// filter starting as `query`; with `allowingTracked` (`--force`) a tracked contact is pickable.
    package init(picking book: ContactBook, source: String, query: String, vault: Vault, allowingTracked: Bool = false,
                environment: [String: String], user: UserConfig, version: String, size: Size) throws {
        self.vault = vault
        self.environment = environment
        self.user = user
        outside = { try $0() }
        let today = try Clock(environment: environment).today
        let setting = Self.setting(vault: vault, environment: environment, user: user, version: version)
        var decisions = ContactImport.plan(book, vault: vault)
        if allowingTracked {
            decisions = decisions.map { decision in
                if case .skip(let contact, _, _) = decision { .add(contact) } else { decision }
            }
        }
        state = BrowseState(setting: setting, picking: decisions, source: source, today: today,
                            filter: query, size: size)
    }

    private static func setting(vault: Vault, environment: [String: String], user: UserConfig, version: String) -> BrowseState.Setting {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        var shown = vault.root
        if let home, shown == home || shown.hasPrefix(home + "/") { shown = "~" + shown.dropFirst(home.count) }
        let calendar = ConfiguredLocation.resolve(explicit: nil, variable: "CRM_CALENDAR", configured: vault.config.calendar,
                                                  userDefault: user.calendar, environment: environment, vaultRoot: vault.root)?.display
        let contacts = ContactsLocation.resolve(explicit: nil, environment: environment, vault: vault, user: user)?.display
        return BrowseState.Setting(vault: shown, version: version, types: vault.config.types, heading: vault.config.heading,
                                   calendar: calendar, contacts: contacts)
    }

    private var today: Day { state.listing.today }

    package func resize(_ size: Size) { state.resize(size) }

    /// Makes ready what the next keys may need (the filter's index of the people), while the
    /// user has not typed yet.
    package func prepare() { state.list.prepareFilter(state.listing) }

    /// Applies `key` and does what it asks.
    @discardableResult
    package func press(_ key: Key) -> Outcome {
        guard let request = state.handle(key) else { return .draw }
        return perform(request)
    }

    private func perform(_ request: BrowseRequest) -> Outcome {
        do {
            switch request {
            case .quit: return .quit
            case .suspend: return .suspend
            case .redraw: return .redraw
            case .pick(let contact):
                picked = contact
                return .quit
            case .openPerson(let id): try openPerson(id)
            case .showToday: try showToday()
            case .openPicker: try openPicker()
            case .addContact(let contact): try add(.contact(contact, source: state.setting.contacts ?? ""))
            case .addName(let name): try add(.typed(name: name))
            case .save(let entry, let people, let calendar): try save(entry, people: people, calendar: calendar)
            case .tick(let id, let item): try tick(id, item: item)
            case .unlog(let id, let number): try unlog(id, number: number)
            case .edit(let id): try edit(id)
            case .open(let link, let shown): open(link, shown: shown)
            }
        } catch {
            state.message = .error("\(error)")
        }
        return .draw
    }

    // MARK: Reading

    private func person(_ id: String) throws -> Person {
        try vault.load(path: "people/" + id + ".md")
    }

    /// The person's page, with the log numbered as it is now: the numbers `crm done` and `crm
    /// unlog` kept are forgotten (see `Vault.forgetNumbers(of:)`).
    private func view(of person: Person) throws -> PersonView {
        vault.forgetNumbers(of: person)
        return try PersonView(person: person, config: vault.config, today: today, addressBook: loadedAddressBook(),
                       links: VaultLinks.read(vault))
    }

    /// The address book the person pages take current details from, read once.
    private func loadedAddressBook() -> PersonView.AddressBook? {
        if let addressBook { return addressBook }
        var book: PersonView.AddressBook?
        if let location = ContactsLocation.resolve(explicit: nil, environment: environment, vault: vault, user: user) {
            do throws(ContactSourceError) {
                book = PersonView.AddressBook(location: location, book: try location.load())
            } catch {
                state.message = .error("\(error.description); showing the snapshot")
            }
        }
        addressBook = .some(book)
        return book
    }

    private func openPerson(_ id: String) throws {
        let person = try person(id)
        let page = PersonPage(view: try view(of: person), stamp: FileSystem.stamp(vault.root + "/" + person.path), size: state.size)
        state.layers.append(.person(page))
        if let said = Self.error(page.view.problems) { state.message = said }
    }

    /// Reads the page of the person open again (after a write, or a change on disk).
    private func refreshPage(selectingLine line: Int? = nil) throws {
        guard var page = state.personPage else { return }
        let person = try person(page.view.id)
        page.replaceView(try view(of: person), stamp: FileSystem.stamp(vault.root + "/" + person.path), size: state.size, selectingLine: line)
        state.replacePersonPage(page)
    }

    private func refreshListing() {
        let known = Set(state.listing.problems.map(\.description))
        state.replaceListing(PeopleListing(vault: vault, today: today))
        // What this session wrote is no change to see again.
        if watch != nil { watch = VaultWatch(vault, listing: state.listing) }
        if state.listing.problems.contains(where: { !known.contains($0.description) }) { sayReadProblems() }
        if state.today != nil { try? showToday() }
    }

    private func showToday() throws {
        state.today = TodayPage(agenda: Agenda.of(Everyone(vault, today: today), today: today, within: Cadence("2w")!).agenda, rows: state.bodyRows)
    }

    private func openPicker() throws {
        guard let location = ContactsLocation.resolve(explicit: nil, environment: environment, vault: vault, user: user) else {
            state.layers.append(.nameEntry(NameEntry()))
            return
        }
        let book: ContactBook
        do throws(ContactSourceError) { book = try location.load() } catch {
            state.message = .error(error.description)
            return
        }
        state.layers.append(.picker(ContactPicker(source: location.display, decisions: ContactImport.plan(book, vault: vault))))
    }

    // MARK: Writing

    /// Runs `body` with a vault of its own, so that with `git: commit` the commit holds this
    /// write alone, with the message `COMMAND: …` the command line's would have.
    private func writing<T>(_ command: String, _ body: (Vault) throws -> T) throws -> T {
        let writer = try Vault(root: vault.root)
        let result = try body(writer)
        do {
            _ = try writer.commitChanges(command: command)
        } catch {
            state.message = .error(error.message)
        }
        return result
    }

    /// What `crm add NAME` or `crm add --from SOURCE` does; the person's page opens.
    private func add(_ person: AddRequest.Person) throws {
        let outcome = try writing("add") { try $0.add(AddRequest(person), today: today) }
        state.layers.removeAll()
        refreshListing()
        try openPerson(outcome.person.id)
        if state.message == nil { show(outcome) }
    }

    /// What `crm log FIRST --with OTHER…` (or `crm plan`) does, with `--calendar` when asked: one
    /// entry in the first one's log; the message is what the command prints, a sentence a line.
    private func save(_ entry: Interaction, people: [LogSheet.Participant], calendar: Bool) throws {
        guard let first = people.first else { return }
        let request = LogRequest(person: first.id, with: people.dropFirst().map(\.id), entry: entry,
                                 calendar: calendar ? LogRequest.CalendarChoice(environment: environment, user: user) : nil)
        let clock = try Clock(environment: environment)
        let outcome = try writing(entry.checkbox == .open ? "plan" : "log") { try $0.log(request, clock: clock) }
        state.layers.removeLast()
        if state.personPage == nil { state.list.clearMarks() }
        refreshListing()
        try refreshPage(selectingLine: outcome.line)
        show(outcome)
    }

    /// What `crm done PERSON N` does, for the item selected.
    private func tick(_ id: String, item: OpenItem) throws {
        let outcome = try writing("done") { try $0.done(DoneRequest(person: id, item: .open(item)), today: today) }
        refreshListing()
        try refreshPage(selectingLine: outcome.line)
        show(outcome)
    }

    /// What `crm unlog PERSON N` does.
    private func unlog(_ id: String, number: Int) throws {
        let clock = try Clock(environment: environment)
        let outcome = try writing("unlog") { try $0.unlog(UnlogRequest(person: id, number: number), clock: clock) }
        refreshListing()
        try refreshPage()
        show(outcome)
    }

    /// Shows what an operation did as the message: the lines `crm` prints, a sentence a line.
    private func show(_ outcome: some CRMKit.Outcome) {
        state.message = .info(outcome.lines.map(\.text).joined(separator: ". "))
    }

    private func edit(_ id: String) throws {
        let editor: ExternalProgram
        do throws(ProgramSettingError) { editor = try user.editor(environment: environment) } catch {
            state.message = .error(error.description)
            return
        }
        let writer = try Vault(root: vault.root)
        let before = try person(id)
        try writer.prepareWrite()
        let path = ExternalProgram.fileArgument(vault.root + "/" + before.path)
        let status: Int32
        do { status = try outside { try editor.runOnTerminal([path]).shellStatus } } catch {
            state.message = .error("cannot start the editor '\(editor)' (\(editor.origin)): \(error)")
            return
        }
        let edited = try writer.load(path: before.path)
        writer.noteWritten(edited)
        do { _ = try writer.commitChanges(command: "edit") } catch { state.message = .error(error.message) }
        refreshListing()
        try refreshPage()
        guard status == 0 else {
            state.message = .error("the editor '\(editor)' exited with status \(status)")
            return
        }
        if let said = Self.error(edited.document.problems) {
            state.message = said
        } else if state.message == nil {
            state.message = .info("\(edited.path): no problems")
        }
    }

    /// Hands `link` (a `tel:`, `sms:` or `mailto:` URI) to the opener as one argument. A URI
    /// starts with its scheme, so no opener reads it as an option; no `--` goes before it, which
    /// `xdg-open` refuses.
    private func open(_ link: String, shown: String) {
        let opener: ExternalProgram
        do throws(ProgramSettingError) {
            guard let chosen = try user.opener(environment: environment) else {
                state.message = .info("\(shown) (no opener: set $CRM_OPENER, or opener: in ~/.config/crm/config.yaml)")
                return
            }
            opener = chosen
        } catch {
            state.message = .error("\(error); \(shown)")
            return
        }
        do {
            let status = try outside { try opener.runOnTerminal([link]).shellStatus }
            state.message = status == 0 ? .info("Opened \(link)") : .error("the opener '\(opener)' exited with status \(status): \(shown)")
        } catch {
            state.message = .error("cannot start the opener '\(opener)' (\(opener.origin)): \(error); \(shown)")
        }
    }

    // MARK: Changes on disk

    /// Reads again what changed on disk since the last look: the page of the person open, the
    /// listing, the day. Returns whether anything is to be drawn again.
    package func poll(listing: Bool) -> Bool {
        var changed = false
        if let clock = try? Clock(environment: environment), clock.today != today {
            watch = nil
            state.replaceListing(PeopleListing(vault: vault, today: clock.today))
            changed = true
        }
        if let page = state.personPage {
            let now = FileSystem.stamp(vault.root + "/" + page.view.path)
            if now != page.stamp {
                do {
                    try refreshPage()
                    if now == nil { state.message = .error("\(page.view.path) is gone") }
                    else if state.message == nil { state.message = .info("\(page.view.path) changed on disk; read again") }
                } catch {
                    state.message = .error("\(error)")
                }
                changed = true
            }
        }
        if listing, state.mode == .browsing {
            if watch == nil {
                watch = VaultWatch(vault, listing: state.listing)
            } else if watch!.changed() {
                refreshListing()
                changed = true
            }
        }
        return changed
    }
}
