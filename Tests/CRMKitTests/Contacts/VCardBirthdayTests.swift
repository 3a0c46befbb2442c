import Testing
import CRMKit

@Suite("Birthdays")
struct VCardBirthdayTests {
    @Test("BDAY forms read as YYYY-MM-DD or --MM-DD", arguments: [
        ("BDAY:1985-04-12", "1985-04-12"),
        ("BDAY:19850412", "1985-04-12"),
        ("BDAY:--0412", "--04-12"),
        ("BDAY:--04-12", "--04-12"),
        ("BDAY:1985-04-12T00:00:00Z", "1985-04-12"),
        ("BDAY;VALUE=date-time:19850412T083000", "1985-04-12"),
        ("BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-24", "--05-24"),
        ("BDAY;X-APPLE-OMIT-YEAR=1900:1900-05-24", "--05-24"),
        ("BDAY:1604-02-29", "--02-29"),
        ("BDAY:--0229", "--02-29"),
        ("BDAY:2000-02-29", "2000-02-29"),
        ("BDAY;VALUE=date: 1815-12-10 ", "1815-12-10"),
    ])
    func valid(line: String, birthday: String) {
        let book = ContactBook.parse(card("FN:Ada", line), path: "test.vcf")
        #expect(book.contacts.map(\.birthday) == [birthday])
        #expect(book.diagnostics == [])
    }

    @Test("Anything else is no birthday and a warning on its line", arguments: [
        "BDAY;VALUE=text:circa 1800",
        "BDAY:1900-02-29",
        "BDAY:1985-13-01",
        "BDAY:1985-04-31",
        "BDAY:1985",
        "BDAY:1985-04",
        "BDAY:---12",
        "BDAY:85-04-12",
        "BDAY:1985/04/12",
        "BDAY:",
    ])
    func invalid(line: String) {
        let book = ContactBook.parse(card("FN:Ada", line), path: "test.vcf")
        #expect(book.contacts.map(\.birthday) == [nil])
        #expect(book.diagnostics.map(\.line) == [4])
        #expect(book.diagnostics.map(\.severity) == [.warning])
    }

    @Test("The first usable BDAY wins")
    func firstWins() {
        #expect(onlyContact(card("FN:Ada", "BDAY:1815-12-10", "BDAY:1816-01-01"))?.birthday == "1815-12-10")
    }
}
