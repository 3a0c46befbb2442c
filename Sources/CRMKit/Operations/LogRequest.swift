import CRMFormat
import CRMVault

/// What `crm log`, `crm plan --date` and `crm browse`'s log sheet ask for: one entry in one
/// person's log, perhaps with others taking part, perhaps with a calendar event. `Vault.log(_:clock:)`
/// does it and returns a `LogOutcome`.
package struct LogRequest: Sendable {
    /// Whose log the entry goes in, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The others who take part (`--with`), each as a PERSON argument names them.
    package var with: [String]
    /// The entry: logged, or planned when its checkbox is open.
    package var entry: Interaction
    /// Where to add the entry's event (`--calendar`); nil: no event.
    package var calendar: CalendarChoice?

    /// `--calendar` or `--calendar=TARGET`, with what resolves the plain form (`$CRM_CALENDAR`,
    /// `calendar:` in the vault's config, then in the person's own settings).
    package struct CalendarChoice: Sendable {
        /// `--calendar=TARGET`; nil for plain `--calendar`.
        package var explicit: String?
        package var environment: [String: String]
        package var user: UserConfig

        package init(explicit: String? = nil, environment: [String: String], user: UserConfig) {
            (self.explicit, self.environment, self.user) = (explicit, environment, user)
        }
    }

    package init(person: String, with others: [String] = [], entry: Interaction, calendar: CalendarChoice? = nil) {
        (self.person, self.with, self.entry, self.calendar) = (person, others, entry, calendar)
    }
}
