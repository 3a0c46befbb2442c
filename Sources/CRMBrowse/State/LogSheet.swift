import CRMKit
import CRMTerminal

/// The sheet that logs an interaction (`l`) or plans one (`p`): type, date, optional time, a
/// note of several lines and, when a calendar is configured, "also add to my calendar". The
/// note has the focus when it opens; Tab and Shift-Tab go from field to field.
package struct LogSheet: Sendable {
    package enum Kind: Sendable, Equatable {
        /// `crm log`: something that happened (`- DATE TYPE: NOTE`).
        case log
        /// `crm plan`: an open item (`- [ ] DATE TYPE: NOTE`).
        case plan
    }

    package enum Field: Sendable, Equatable, CaseIterable {
        case type, date, time, note, calendar
    }

    /// Someone the entry is with: the first is the person whose file it is written in.
    package struct Participant: Sendable, Equatable {
        package var id: String
        package var name: String
    }

    package let kind: Kind
    package let people: [Participant]
    package let types: [String]
    package internal(set) var typeIndex = 0
    package internal(set) var date: TextField
    package internal(set) var time = TextField()
    package internal(set) var note = TextField(multiline: true)
    /// The calendar an event can be added to, as shown; nil: the field is not offered.
    package let calendar: String?
    package internal(set) var addsToCalendar = false
    package internal(set) var focus: Field = .note
    /// Esc with a note typed asks first.
    package internal(set) var isConfirmingCancel = false
    /// Why the last Save did not save (a date that is not one, an empty note).
    package internal(set) var problem: String?

    init(kind: Kind, people: [Participant], types: [String], calendar: String?) {
        self.kind = kind
        self.people = people
        self.types = types
        self.calendar = calendar
        date = TextField(kind == .log ? "today" : "tomorrow")
    }

    package var type: String { types[typeIndex] }

    /// The fields Tab goes through, in order on the sheet.
    package var fields: [Field] { Field.allCases.filter { $0 != .calendar || calendar != nil } }

    mutating func focusNext(_ step: Int) {
        let all = fields
        let i = all.firstIndex(of: focus) ?? 0
        focus = all[(i + step + all.count) % all.count]
    }

    mutating func cycleType(_ step: Int) {
        typeIndex = (typeIndex + step + types.count) % types.count
    }

    /// The day the date field names, or why it names none.
    package func day(today: Day) -> Result<Day, DateInputError> {
        Result { () throws(DateInputError) in
            try Day.parseInput(date.text.trimmingSpaces, today: today, tense: kind == .log ? .past : .future)
        }
    }

    /// The entry the sheet would write on `today`, or what is wrong with a field.
    package func entry(today: Day) -> Result<Interaction, SheetProblem> {
        let day: Day
        do throws(DateInputError) { day = try self.day(today: today).get() } catch {
            return .failure(SheetProblem(field: .date, message: "Date: \(error.description)"))
        }
        var timeOfDay: TimeOfDay?
        let timeText = time.text.trimmingSpaces
        if !timeText.isEmpty {
            guard let parsed = TimeOfDay(timeText) else {
                return .failure(SheetProblem(field: .time, message: "Time: '\(timeText)' is not HH:MM (00:00 to 23:59)"))
            }
            timeOfDay = parsed
        }
        let text: String
        do throws(VaultError) { text = try Interaction.note(typed: note.text) } catch {
            return .failure(SheetProblem(field: .note, message: "Note: \(error.description)"))
        }
        return .success(Interaction(date: day, time: timeOfDay, type: type, note: text, checkbox: kind == .plan ? .open : nil))
    }
}

/// A field of the log sheet that cannot be saved as it is, and why.
package struct SheetProblem: Error, Sendable, Equatable {
    package var field: LogSheet.Field
    package var message: String
}
