import CRMFormat
import CRMVault

/// The address-book CSV exports `crm import` reads, each recognised by the columns of its header
/// row (in any order, whatever the file's name):
///
/// - Google Contacts (contacts.google.com, "Google CSV" since 2024): `First Name`, `Middle Name`,
///   `Last Name`, `Name Prefix`, `Name Suffix`, `Nickname`, `Organization Name`,
///   `Organization Title`, `Birthday`, `Labels`, `E-mail 1 - Label`, `E-mail 1 - Value`,
///   `Phone 1 - Label`, `Phone 1 - Value`, …; several values in one cell are joined by ` ::: `.
/// - Google's older layout: `Name`, `Given Name`, `Additional Name`, `Family Name`, `Nickname`,
///   `Birthday`, `Group Membership`, `E-mail 1 - Type`, `E-mail 1 - Value`, `Phone 1 - Type`,
///   `Phone 1 - Value`, `Organization 1 - Name`, `Organization 1 - Title`, ….
/// - Outlook: `First Name`, `Middle Name`, `Last Name`, `Title` (Mr., Dr.), `Suffix`,
///   `Nickname`, `E-mail Address`, `E-mail 2 Address`, `E-mail 3 Address`, `Primary Phone`,
///   `Mobile Phone`, `Home Phone`, `Business Phone`, …, `Company`, `Job Title`, `Birthday`,
///   `Categories`.
/// - LinkedIn's `Connections.csv`: `First Name`, `Last Name`, `URL`, `Email Address`,
///   `Company`, `Position`, `Connected On`, after a few lines of notes.
enum CSVLayout: String, CaseIterable, Sendable {
    case googleContacts = "Google Contacts"
    case googleOlder = "Google Contacts (older layout)"
    case outlook = "Outlook"
    case linkedIn = "LinkedIn Connections"

    /// The columns every header row of this layout has, and among which at least one more must
    /// be: what the layout is recognised by, and what an unknown file is said to lack.
    var columns: (all: [String], anyOf: [String]) {
        switch self {
        case .googleContacts: (["First Name", "Last Name"], ["Labels", "E-mail 1 - Value", "Phone 1 - Value"])
        case .googleOlder: (["Given Name", "Family Name"], ["Name", "Group Membership", "E-mail 1 - Value"])
        case .outlook: (["First Name", "Last Name"], ["E-mail Address", "Mobile Phone", "Home Phone", "Business Phone"])
        case .linkedIn: (["First Name", "Last Name", "Connected On"], [])
        }
    }

    /// The layout of a header row (cells compared ignoring case and surrounding spaces).
    static func recognise(_ header: [String]) -> CSVLayout? {
        let names = Set(header.map { $0.trimmingSpaces.lowercased() })
        let has = { (column: String) in names.contains(column.lowercased()) }
        // LinkedIn's and Outlook's columns are a subset of no other layout's; Google's new and
        // older layouts share their E-mail columns, not their name columns.
        for layout in [CSVLayout.linkedIn, .googleContacts, .googleOlder, .outlook] {
            let (all, anyOf) = layout.columns
            if all.allSatisfy(has), anyOf.isEmpty || anyOf.contains(where: has) { return layout }
        }
        return nil
    }

    /// What a file that is no known layout is told: the columns each layout is recognised by.
    static var expected: String {
        allCases.map { layout in
            let (all, anyOf) = layout.columns
            return "\(layout.rawValue) (\((all + (anyOf.isEmpty ? [] : [anyOf.joined(separator: " or ")])).joined(separator: ", ")))"
        }.joined(separator: "; ")
    }
}
