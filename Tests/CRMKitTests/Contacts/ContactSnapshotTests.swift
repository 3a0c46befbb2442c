import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite("Contact snapshots, import plans and sources")
struct ContactSnapshotTests {
    @Test("A refresh takes every field the contact has and keeps the ones it lost")
    func updated() {
        let file = ContactSnapshot(phones: ["1"], emails: ["a@x.org"], birthday: "--04-12")
        let contact = ContactSnapshot(phones: ["2", "1"], emails: [], birthday: nil)
        let new = file.updated(with: contact)
        #expect(new == ContactSnapshot(phones: ["2", "1"], emails: ["a@x.org"], birthday: "--04-12"))
        #expect(file.changes(to: new) == [SnapshotChange(key: "phone", old: ["1"], new: ["2", "1"])])
        #expect(file.changes(to: file.updated(with: ContactSnapshot(phones: [], emails: [], birthday: "1985-04-12")))
                == [SnapshotChange(key: "birthday", old: ["--04-12"], new: ["1985-04-12"])])
    }

    @Test("Refreshing a file sets only the changed keys, in place, keeping comments and quoting")
    func refreshedFile() throws {
        let text = "---\nname: Ada\ncontact_id: 'x'\nphone: '+1 555 0100'   # mobile\nemail: [a@x.org]\nnote: keep\n---\n\nNotes.\n"
        let document = PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
        let contact = Contact(uid: "x", name: "Augusta", phones: ["+1 555 0199"], emails: ["a@x.org"],
                              birthday: "1815-12-10", path: "c.vcf", line: 1)
        let bytes = try document.refreshed(from: contact)
        #expect(String(decoding: bytes, as: UTF8.self)
                == "---\nname: Ada\ncontact_id: 'x'\nphone: [\"+1 555 0199\", \"+1 555 0100\"]   # mobile\nemail: [a@x.org]\nnote: keep\nbirthday: 1815-12-10\n---\n\nNotes.\n")
        #expect(String(decoding: try document.refreshed(from: contact, pruning: true), as: UTF8.self)
                == "---\nname: Ada\ncontact_id: 'x'\nphone: '+1 555 0199'   # mobile\nemail: [a@x.org]\nnote: keep\nbirthday: 1815-12-10\n---\n\nNotes.\n")
        #expect(try PersonDocument(bytes: bytes, path: "people/ada.md").refreshed(from: contact) == bytes)
    }

    @Test("Import: two cards with one name are two people; linked people match by contact id only")
    func importPlan() {
        let book = ContactBook.parse(
            card("UID:1", "FN:John Smith", "EMAIL:john@a.example") + card("UID:2", "FN:John Smith")
                + card("FN:Jane Doe", "EMAIL:JANE@x.example") + card("UID:3", "FN:Cy") + card("FN:"),
            path: "c.vcf")
        let people = [
            person("people/john-smith.md", "---\nname: John Smith\ncontact_id: '1'\n---\n"),
            person("people/jane.md", "---\nname: J. Doe\nemail: jane@x.example\n---\n"),
            person("people/cy.md", "---\nname: Cy\ncontact_id: old-id\n---\n"),
        ]
        let plan = ContactImport.plan(book, people: people).map { decision -> String in
            switch decision {
            case .add(let contact): "add \(contact.name)"
            case .skip(let contact, let tracker, let match): "skip \(contact.name): \(tracker.id ?? "-") by \(match.rawValue)"
            case .ambiguous(let contact, _): "ambiguous \(contact.name)"
            case .unnamed: "unnamed"
            }
        }
        #expect(plan == ["skip John Smith: john-smith by contact id", "add John Smith", "skip Jane Doe: jane by email",
                         "skip Cy: cy by name", "unnamed"])
    }

    @Test("The source: the option, else CRM_CONTACTS, else the vault's config (inside the vault), else the user's; ~/ is HOME")
    func location() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "contacts: book.vcf\n")
        let loaded = try Vault(root: vault.path)
        let environment = ["HOME": "/home/ada", "CRM_CONTACTS": "~/env.vcf"]
        let user = UserConfig(bytes: Array("contacts: ~/mine.vcf\n".utf8), path: "/home/ada/.config/crm/config.yaml")
        #expect(ContactsLocation.resolve(explicit: "~/a.vcf", environment: environment, vault: loaded, user: user)
                == ContactsLocation(path: "/home/ada/a.vcf", display: "~/a.vcf"))
        #expect(ContactsLocation.resolve(explicit: nil, environment: environment, vault: loaded, user: user)
                == ContactsLocation(path: "/home/ada/env.vcf", display: "~/env.vcf"))
        #expect(ContactsLocation.resolve(explicit: nil, environment: ["CRM_CONTACTS": ""], vault: loaded, user: user)
                == ContactsLocation(path: vault.path + "/book.vcf", display: "book.vcf", inVault: "book.vcf"))
        let bare = try Vault(root: "/nonexistent")
        #expect(ContactsLocation.resolve(explicit: nil, environment: ["HOME": "/home/ada"], vault: bare, user: user)
                == ContactsLocation(path: "/home/ada/mine.vcf", display: "~/mine.vcf"))
        #expect(ContactsLocation.resolve(explicit: nil, environment: [:], vault: bare, user: UserConfig()) == nil)
    }

    private func person(_ path: String, _ text: String) -> Person {
        Person(id: Person.id(forPath: path), path: path, document: PersonDocument(bytes: Array(text.utf8), path: path),
               stamp: FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0, mode: 0))
    }
}
