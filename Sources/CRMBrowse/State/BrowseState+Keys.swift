import CRMKit
import CRMTerminal

extension BrowseState {
    /// Applies a key; returns what it asks of the world outside, if anything.
    package mutating func handle(_ key: Key) -> BrowseRequest? {
        switch key {
        case .control("c"): return .quit
        case .control("z"): return .suspend
        case .control("l"): return .redraw
        default: break
        }
        message = nil
        switch top {
        case nil: return today == nil ? handleList(key) : handleToday(key)
        case .person(let page): return handlePerson(key, page)
        case .sheet(let sheet): return handleSheet(key, sheet)
        case .picker(let picker): return handlePicker(key, picker)
        case .nameEntry(let entry): return handleNameEntry(key, entry)
        case .about(let about): return handleAbout(key, about)
        }
    }

    // MARK: The people list

    private mutating func handleList(_ key: Key) -> BrowseRequest? {
        let rows = listRows
        if list.isTypingFilter {
            switch key {
            case .enter: list.keepFilter()
            case .escape: list.clearFilter(listing, rows: rows)
            case .up, .control("p"): list.move(by: -1, rows: rows)
            case .down, .control("n"): list.move(by: 1, rows: rows)
            case .pageUp: list.move(by: -(rows - 1), rows: rows)
            case .pageDown: list.move(by: rows - 1, rows: rows)
            default: _ = list.editFilter(key, listing: listing, rows: rows)
            }
            return nil
        }
        switch key {
        case .character("j"), .down: list.move(by: 1, rows: rows)
        case .character("k"), .up: list.move(by: -1, rows: rows)
        case .character("g"), .home: list.moveTo(0, rows: rows)
        case .character("G"), .end: list.moveTo(Int.max, rows: rows)
        case .pageDown, .control("f"): list.move(by: max(1, rows - 1), rows: rows)
        case .pageUp, .control("b"): list.move(by: -max(1, rows - 1), rows: rows)
        case .enter:
            if let id = list.selectedID(in: listing) { return .openPerson(id: id) }
        case .character("/"): list.startFilter()
        case .escape:
            if list.isFiltered { list.clearFilter(listing, rows: rows) } else { list.clearMarks() }
        case .character("s"):
            list.setOrder(PeopleList.order(after: list.order), listing: listing, rows: rows)
            message = .info("Sorted by \(Self.orderName(list.order))")
        case .character("t"): return .showToday
        case .character("a"):
            if setting.contacts != nil { return .openPicker }
            layers.append(.nameEntry(NameEntry()))
        case .character(" "):
            list.toggleMark(listing)
            list.move(by: 1, rows: rows)
        case .character("l"), .character("p"):
            openSheet(key == .character("l") ? .log : .plan, marked: true)
        case .character("?"): layers.append(.about(AboutPage()))
        case .character("q"): return .quit
        default: break
        }
        return nil
    }

    static func orderName(_ order: PeopleListing.Order) -> String {
        switch order {
        case .due: "due date"
        case .name: "name"
        case .last: "last contact"
        }
    }

    /// Opens the log sheet: for the person whose page is open, else for the people marked on
    /// the list (with `marked`), else for the person selected.
    mutating func openSheet(_ kind: LogSheet.Kind, marked: Bool) {
        var people: [LogSheet.Participant] = []
        if let page = personPage {
            people = [LogSheet.Participant(id: page.view.id, name: page.view.name)]
        } else if marked, !list.marked.isEmpty {
            let names = Dictionary(listing.rows.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            people = list.marked.compactMap { id in names[id].map { LogSheet.Participant(id: id, name: $0) } }
        } else if let id = list.selectedID(in: listing), let row = listing.rows.first(where: { $0.id == id }) {
            people = [LogSheet.Participant(id: id, name: row.name)]
        }
        guard !people.isEmpty else { return }
        layers.append(.sheet(LogSheet(kind: kind, people: people, types: setting.types, calendar: setting.calendar)))
    }

    // MARK: Today

    private mutating func handleToday(_ key: Key) -> BrowseRequest? {
        guard var page = today else { return nil }
        let rows = bodyRows
        switch key {
        case .character("j"), .down: page.move(by: 1, rows: rows)
        case .character("k"), .up: page.move(by: -1, rows: rows)
        case .character("g"), .home: page.moveTo(first: true, rows: rows)
        case .character("G"), .end: page.moveTo(first: false, rows: rows)
        case .pageDown: page.move(by: max(1, rows - 2), rows: rows)
        case .pageUp: page.move(by: -max(1, rows - 2), rows: rows)
        case .enter:
            if let item = page.selectedItem { return .openPerson(id: item.person.id) }
        case .character("t"), .escape, .character("q"):
            today = nil
            return nil
        case .character("?"): layers.append(.about(AboutPage()))
        default: break
        }
        today = page
        return nil
    }

    // MARK: A person

    private mutating func handlePerson(_ key: Key, _ page: PersonPage) -> BrowseRequest? {
        var page = page
        defer { if case .person = top { replaceTop(.person(page)) } }
        if let question = page.question {
            page.question = nil
            guard key == .character("y") || key == .character("Y") else {
                message = .info("Nothing removed.")
                return nil
            }
            switch question {
            case .unlog(let number, _): return .unlog(personID: page.view.id, number: number)
            }
        }
        let view = page.view
        switch key {
        case .character("j"), .down: page.move(by: 1, size: size)
        case .character("k"), .up: page.move(by: -1, size: size)
        case .character("g"), .home: page.moveTo(0, size: size)
        case .character("G"), .end: page.moveTo(Int.max, size: size)
        case .pageDown, .control("f"): page.page(1, size: size)
        case .pageUp, .control("b"): page.page(-1, size: size)
        case .character("q"), .escape:
            layers.removeLast()
        case .character("l"): openSheet(.log, marked: false)
        case .character("p"): openSheet(.plan, marked: false)
        case .character("x") where page.selectedEntry?.elsewhere != nil, .character("u") where page.selectedEntry?.elsewhere != nil:
            message = .error("This entry is \(page.selectedEntry!.elsewhere!.label(line: page.selectedEntry!.line)): change it there")
        case .character("x"):
            guard let item = page.selectedEntry?.openItem else {
                message = .error("Select an open item (under Coming up, '[ ]' in the file) to tick it")
                return nil
            }
            return .tick(personID: view.id, item: item)
        case .character("u"):
            guard let entry = page.selectedEntry, let number = entry.number else {
                message = .error("Select an entry to remove it")
                return nil
            }
            page.question = .unlog(number: number, summary: Self.summary(of: entry))
        case .character("e"): return .edit(personID: view.id)
        case .character("c"), .character("m"):
            guard let phone = view.details.phones.first else {
                message = .error("\(view.name) has no phone number")
                return nil
            }
            guard let link = key == .character("c") ? ContactURI.tel(phone) : ContactURI.sms(phone) else {
                message = .error("\(phone) is not a number a phone can dial")
                return nil
            }
            return .open(link: link, shown: phone)
        case .character("M"):
            guard let email = view.details.emails.first else {
                message = .error("\(view.name) has no email address")
                return nil
            }
            guard let link = ContactURI.mailto(email) else {
                message = .error("\(email) is not an email address")
                return nil
            }
            return .open(link: link, shown: email)
        case .character("?"): layers.append(.about(AboutPage()))
        default: break
        }
        return nil
    }

    /// "2026-11-20 visit: Book club at her flat" (the first line of the note).
    static func summary(of entry: PersonView.Entry) -> String {
        let note = PersonLink.readable(entry.note).split(separator: "\n").first.map(String.init) ?? ""
        let when = entry.date.map { "\($0)" + (entry.time.map { " \($0)" } ?? "") } ?? "someday"
        return when + " " + (entry.type.map { "\($0): " } ?? "") + note
    }

    // MARK: The log sheet

    private mutating func handleSheet(_ key: Key, _ sheet: LogSheet) -> BrowseRequest? {
        var sheet = sheet
        defer { if case .sheet = top { replaceTop(.sheet(sheet)) } }
        if sheet.isConfirmingCancel {
            if key == .character("y") || key == .character("Y") {
                layers.removeLast()
                message = .info("Nothing saved.")
            } else {
                sheet.isConfirmingCancel = false
            }
            return nil
        }
        sheet.problem = nil
        switch key {
        case .control("s"):
            switch sheet.entry(today: listing.today) {
            case .success(let entry):
                return .save(entry: entry, people: sheet.people, calendar: sheet.addsToCalendar)
            case .failure(let problem):
                sheet.problem = problem.message
                sheet.focus = problem.field
            }
            return nil
        case .escape:
            if sheet.note.text.trimmingSpaces.isEmpty {
                layers.removeLast()
            } else {
                sheet.isConfirmingCancel = true
            }
            return nil
        case .tab: sheet.focusNext(1)
        case .backTab: sheet.focusNext(-1)
        default:
            switch sheet.focus {
            case .type:
                switch key {
                case .left: sheet.cycleType(-1)
                case .right, .character(" "): sheet.cycleType(1)
                case .down, .enter: sheet.focusNext(1)
                case .up: sheet.focusNext(-1)
                case .character(let letter):
                    let typed = String(letter).lowercased()
                    // The next type starting with the letter typed.
                    let order = (1...sheet.types.count).map { (sheet.typeIndex + $0) % sheet.types.count }
                    if let match = order.first(where: { sheet.types[$0].hasPrefix(typed) }) { sheet.typeIndex = match }
                default: break
                }
            case .date, .time:
                switch key {
                case .enter, .down: sheet.focusNext(1)
                case .up: sheet.focusNext(-1)
                default:
                    if sheet.focus == .date { sheet.date.handle(key) } else { sheet.time.handle(key) }
                }
            case .note:
                sheet.note.handle(key)
            case .calendar:
                switch key {
                case .character(" "), .enter, .character("x"), .left, .right: sheet.addsToCalendar.toggle()
                case .up: sheet.focusNext(-1)
                case .down: sheet.focusNext(1)
                default: break
                }
            }
        }
        return nil
    }

    // MARK: The contact picker

    private mutating func handlePicker(_ key: Key, _ picker: ContactPicker) -> BrowseRequest? {
        var picker = picker
        defer { if case .picker = top { replaceTop(.picker(picker)) } }
        let rows = listRows
        switch key {
        case .enter:
            guard let choice = picker.selectedChoice else { return nil }
            if let tracker = choice.trackedBy {
                message = .error("\(choice.contact.name) is tracked already, as \(tracker)")
                return nil
            }
            guard !choice.contact.name.isEmpty else {
                message = .error("\(choice.contact.path):\(choice.contact.line): this vCard has no name")
                return nil
            }
            return isPickingOnly ? .pick(choice.contact) : .addContact(choice.contact)
        case .escape:
            if !picker.filter.isEmpty {
                picker.clearFilter(rows: rows)
                return nil
            }
            if isPickingOnly { return .quit }
            layers.removeLast()
        case .up, .control("p"): picker.move(by: -1, rows: rows)
        case .down, .control("n"): picker.move(by: 1, rows: rows)
        case .pageUp: picker.move(by: -max(1, rows - 1), rows: rows)
        case .pageDown: picker.move(by: max(1, rows - 1), rows: rows)
        default: _ = picker.editFilter(key, rows: rows)
        }
        return nil
    }

    /// Whether the picker is all there is (`crm add --from` on a terminal).
    var isPickingOnly: Bool { mode == .picking }

    // MARK: Adding by name

    private mutating func handleNameEntry(_ key: Key, _ entry: NameEntry) -> BrowseRequest? {
        var entry = entry
        defer { if case .nameEntry = top { replaceTop(.nameEntry(entry)) } }
        entry.problem = nil
        switch key {
        case .enter:
            do throws(FieldInputError) {
                return .addName(try FieldAssignment.name(entry.name.text))
            } catch {
                entry.problem = error.description
            }
        case .escape: layers.removeLast()
        default: entry.name.handle(key)
        }
        return nil
    }

    // MARK: About

    private mutating func handleAbout(_ key: Key, _ about: AboutPage) -> BrowseRequest? {
        var about = about
        let count = AboutLayout.lines(setting, width: columns).count
        switch key {
        case .character("j"), .down: about.scroll += 1
        case .character("k"), .up: about.scroll -= 1
        case .pageDown, .character(" "): about.scroll += bodyRows - 1
        case .pageUp: about.scroll -= bodyRows - 1
        case .character("g"), .home: about.scroll = 0
        case .character("G"), .end: about.scroll = count
        case .character("q"), .escape, .character("?"), .enter:
            layers.removeLast()
            return nil
        default: break
        }
        about.scroll = max(0, min(about.scroll, count - bodyRows))
        replaceTop(.about(about))
        return nil
    }
}
