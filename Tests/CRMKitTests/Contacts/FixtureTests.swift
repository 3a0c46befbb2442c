import Testing
@testable import CRMKit

@Suite("Real exports")
struct FixtureTests {
    @Test("Apple / iCloud 3.0: item groups, X-ABLabel, folded base64 photo, year-less birthday")
    func apple() throws {
        let path = Fixtures.contacts("apple-icloud.vcf")
        let book = try ContactBook.load(path)
        #expect(book.contacts == [
            Contact(
                uid: "5B2E4F10-8C3A-4E3B-9A57-2C9F1E0D3A11", name: "Ada Lovelace",
                phones: ["+44 20 7946 0018", "+44 20 7946 0000"],
                emails: ["ada@x.org", "ada.home@example.org"],
                birthday: "1815-12-10", company: "Analytical Engine Society",
                notes: "Met at the Society, 1833.\nLikes poetry; and engines.", path: path, line: 1),
            Contact(
                uid: nil, name: "Zoë Ångström",
                phones: ["+46 70 123 45 67", "+46 8 123 456", "+46 8 654 321"],
                emails: ["zoe@example.se"], birthday: "--05-24", path: path, line: 130),
            Contact(
                uid: "C3D1F8A2-5E6B-4C7D-9E8F-0A1B2C3D4E5F", name: "Analytical Engines Ltd.",
                phones: ["0800 123 456"], emails: [], birthday: nil, company: "Analytical Engines Ltd.", path: path, line: 144),
        ])
        // What a person file has no field for is named, once.
        #expect(book.diagnostics.map(\.description) == [
            "\(path):1:1: warning: not imported, as a person file keeps no such field: ADR (1 card), PHOTO (1 card), URL (1 card)",
        ])
    }

    @Test("Google Contacts 3.0 export: organisation, title, note, categories without myContacts")
    func google() throws {
        let path = Fixtures.contacts("google.vcf")
        let book = try ContactBook.load(path)
        #expect(book.contacts == [
            Contact(
                uid: nil, name: "Grace Hopper", phones: ["+1 202-555-0143", "(202) 555-0199"],
                emails: ["grace.hopper@navy.example.mil", "grace@example.com"],
                birthday: "1906-12-09", nicknames: ["Amazing Grace"], company: "US Navy", position: "Computer Scientist",
                tags: ["Friends"], notes: "First compiler, A-0.\nCOBOL.", path: path, line: 1),
            Contact(
                uid: nil, name: "Linus Torvalds", phones: ["+358 40 123 4567"],
                emails: ["linus@example.fi"], birthday: "--12-28", path: path, line: 19),
            Contact(
                uid: nil, name: "Marie Curie, née Skłodowska", phones: [],
                emails: ["marie@example.fr"], birthday: "1867-11-07", tags: ["Science"], path: path, line: 30),
        ])
        #expect(book.diagnostics.map(\.description) == [
            "\(path):1:1: warning: not imported, as a person file keeps no such field: ADR (1 card), URL (1 card), PHOTO (1 card)",
        ])
    }

    @Test("Android 2.1: quoted-printable UTF-8 with soft line breaks, bare types, 2.1 photo; raw Latin-1 without CHARSET reported once per card")
    func android() throws {
        let path = Fixtures.contacts("android-2.1.vcf")
        let book = try ContactBook.load(path)
        #expect(book.contacts == [
            Contact(
                uid: nil, name: "Čeněk Šťuková", phones: ["+420 601 123 456", "+420 222 333 444"],
                emails: ["cenek@example.cz"], birthday: "1985-04-12", path: path, line: 1),
            Contact(
                uid: nil, name: "Αλεξάνδρα Παπαδοπούλου-Οικονόμου",
                phones: ["+30 690 555 0101", "+30 210 555 0100"],
                emails: ["alexandra@example.gr", "alex@example.gr"], birthday: nil, nicknames: ["Άλεξ"], path: path, line: 10),
            Contact(
                uid: nil, name: "Dr. Jürgen Karl Müller Jr.", phones: ["+49 30 1234567", "+49 30 1234568"],
                emails: [], birthday: "1979-03-15", path: path, line: 51),
        ])
        #expect(book.diagnostics.map(\.description) == [
            "\(path):10:1: warning: not imported, as a person file keeps no such field: PHOTO (1 card)",
            "\(path):60:1: error: the name (N) is not valid UTF-8 and names no CHARSET; vCard skipped",
        ])
    }

    @Test("vCard 4.0: PREF, tel: URIs, urn:uuid UIDs, basic-format birthdays, a fold inside a UTF-8 sequence")
    func vCard4() throws {
        let path = Fixtures.contacts("vcard4.vcf")
        let book = try ContactBook.load(path)
        #expect(book.contacts == [
            Contact(
                uid: "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", name: "Alan Turing",
                phones: ["+44-7700-900123", "+44-161-555-0199;ext=42", "+44-161-555-0100"],
                emails: ["alan@example.org", "alan@bletchley.example", "turing@example.net"],
                birthday: "--04-12", anniversary: PartialDate("1996-04-15"), path: path, line: 1),
            Contact(
                uid: "urn:uuid:9b7f2c1e-3d4a-4e5f-8a6b-7c8d9e0f1a2b", name: "Katherine Johnson",
                phones: ["+1 757 555 0123"], emails: ["katherine@example.com"],
                birthday: "1918-08-26",
                notes: "Calculated trajectories for Mercury and Apollo; a very long note that a writer folded over more than one line.",
                path: path, line: 16),
            Contact(
                uid: "urn:uuid:0c1d2e3f-4a5b-4c6d-9e7f-8a9b0c1d2e3f", name: "Ludwig van Beethoven",
                phones: [], emails: ["ludwig@example.at"], birthday: nil, path: path, line: 27),
            Contact(
                uid: "urn:uuid:7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a",
                name: "Мстислав Леопольдович Ростропович",
                phones: ["+7-495-555-0100"], emails: [], birthday: "1927-03-27", path: path, line: 35),
        ])
        #expect(book.diagnostics == [
            Diagnostic(path: path, line: 32, severity: .warning, message: "birthday \"circa 1800\" is not a date; ignored"),
        ])
    }

    @Test("khard vdir: one card per file; displayname, .tmp and hidden files ignored")
    func vdir() throws {
        let folder = Fixtures.contacts("vdir")
        let book = try ContactBook.load(folder)
        #expect(book.contacts == [
            Contact(
                uid: "2f4b1e0c-1c55-4f7d-a8a4-6a3d1d1e2b10", name: "Ada Lovelace",
                phones: ["+44 20 7946 0018"], emails: ["ada@example.org"], birthday: "1815-12-10",
                path: folder + "/2f4b1e0c-1c55-4f7d-a8a4-6a3d1d1e2b10.vcf", line: 1),
            Contact(
                uid: "9a0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e", name: "Charles Babbage",
                phones: ["+44 20 7946 0101", "+44 20 7946 0100"],
                emails: ["charles@example.org", "babbage@example.net"], birthday: nil,
                path: folder + "/9a0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e.vcf", line: 1),
        ])
        #expect(book.diagnostics == [])
    }

    @Test("A broken card between two good ones is an error; both good cards are read")
    func brokenCard() throws {
        let path = Fixtures.contacts("broken.vcf")
        let book = try ContactBook.load(path)
        #expect(book.contacts == [
            Contact(uid: nil, name: "Good One", phones: ["+1 555 0101"], emails: [], birthday: nil, path: path, line: 1),
            Contact(uid: nil, name: "Good Two", phones: [], emails: ["two@example.com"], birthday: nil, path: path, line: 11),
        ])
        #expect(book.diagnostics.map(\.description) == [
            "\(path):6:1: error: vCard has no END:VCARD; skipped",
            "\(path):9:1: warning: not a vCard property; ignored",
        ])
    }
}
