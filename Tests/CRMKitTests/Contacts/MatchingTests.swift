import Testing
import CRMKit

@Suite("Picker queries")
struct MatchingTests {
    let book = ContactBook.parse(
        card("FN:José Núñez", "EMAIL:jose@example.es", "TEL:+34 600 111 222")
            + card("FN:Ada Lovelace", "EMAIL:Ada@Analytical.example", "TEL:+44 (20) 7946-0018")
            + card("FN:Zoë Ångström", "TEL:070-123 45 67"),
        path: "a.vcf")

    @Test("Query matches", arguments: [
        ("", ["José Núñez", "Ada Lovelace", "Zoë Ångström"]),
        ("  ", ["José Núñez", "Ada Lovelace", "Zoë Ångström"]),
        ("jose nunez", ["José Núñez"]),
        ("NÚÑ", ["José Núñez"]),
        ("angstrom", ["Zoë Ångström"]),
        ("love", ["Ada Lovelace"]),
        ("analytical", ["Ada Lovelace"]),
        ("example", ["José Núñez", "Ada Lovelace"]),
        ("+44 20 7946", ["Ada Lovelace"]),
        ("(020) 7946-0018", []),
        ("7946.0018", ["Ada Lovelace"]),
        ("600111", ["José Núñez"]),
        ("1234567", ["Zoë Ångström"]),
        ("0", ["José Núñez", "Ada Lovelace", "Zoë Ångström"]),
        ("12a", []),
        ("nobody", []),
    ])
    func matches(query: String, names: [String]) {
        #expect(book.matching(query).map(\.name) == names)
    }
}
