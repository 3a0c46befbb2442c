// An app's day over CRMKit's public API alone (this package gets no `package` access): open a
// vault, list who is due, open a person's page, log a call, add someone from an address book.
// check.sh builds it against the checkout and runs it on a copy of example-vault/.
import CRMKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

let root = CommandLine.arguments[1]
let today = try Clock(environment: ProcessInfo.processInfo.environment).today
let vault = try Vault(root: root)

let listing = PeopleListing(vault: vault, today: today)
print("people: \(listing.rows.count), due: \(listing.dueCount)")
for index in listing.indices(in: .due).prefix(3) {
    let row = listing.rows[index]
    print("due \(row.due.map { "\($0)" } ?? "-"): \(row.name)")
}

let person = try vault.find("Lena")
let links = VaultLinks.read(vault)
let page = try PersonView(person: person, config: vault.config, today: today, links: links)
print("page: \(page.name), \(page.history.count) past, \(page.comingUp.count) to come")
for field in page.fields { print("  \(field.key): \(field.value)") }

let call = Interaction(date: today, type: "call", note: "Talked about the trip")
let logged = try vault.log(call, to: person)
print("logged: \(logged.person.path):\(logged.line)")

let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:embedding-1\r\nFN:Ada Lovelace\r\nEMAIL:ada@example.org\r\nEND:VCARD\r\n"
let book = ContactBook.parse(Array(card.utf8), path: "contacts.vcf")
let added = try vault.add(book.contacts[0], options: NewPersonOptions(today: today))
print("added: \(added.path)")
