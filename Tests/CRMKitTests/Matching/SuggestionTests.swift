import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// "Did you mean" when no person matches: names compared in their own script, and across scripts
/// spelt in Latin letters; never a name that shares nothing with the query.
@Suite struct SuggestionTests {
    static let people = ["Eleanor Shellstrop", "Ольга Петрова", "山田 花子", "Ελένη Παπαδοπούλου", "さくら 佐藤",
                         "Юлия Щукина", "Olaf Berg", "Γιώργος Νικολάου", "キョウコ"]

    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        for name in people { try #require(try vault.crm("add", name).status == 0) }
        return vault
    }

    @Test(arguments: [
        ("Олга", "did you mean Ольга Петрова (ольга-петрова)?"),
        ("ольгя", "did you mean Ольга Петрова (ольга-петрова)?"),
        ("yulia", "did you mean Юлия Щукина (юлия-щукина)?"),
        ("giorgs", "did you mean Γιώργος Νικολάου (γιωργος-νικολαου)?"),
        ("papadopulu", "did you mean Ελένη Παπαδοπούλου (ελενη-παπαδοπουλου)?"),
        ("sakura", "did you mean さくら 佐藤 (さくら-佐藤)?"),
        ("kyoko", "did you mean キョウコ (キョウコ)?"),
        ("山田花", "did you mean 山田 花子 (山田-花子)?"),
        ("eleanr", "did you mean Eleanor Shellstrop (eleanor-shellstrop)"),
    ])
    func aQuerySuggestsTheNameItSpells(query: String, suggestion: String) throws {
        let vault = try Self.vault()
        let result = try vault.crm("log", query, "Tea.")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("crm: error: no person matches '\(query)'; \(suggestion)"), "\(result.stderr)")
    }

    /// The samples a new user met: a Latin query for a Cyrillic name suggested someone else.
    /// A Latin query that is a name's Latin spelling (or part of it) is that person, not a
    /// suggestion (a name with Han letters, さくら 佐藤, has no one spelling: suggested only).
    @Test(arguments: [("olga", "ольга-петрова"), ("giorgos", "γιωργος-νικολαου"), ("shchukina", "юлия-щукина")])
    func aQueryInLatinLettersFindsTheNameItSpells(query: String, id: String) throws {
        let vault = try Self.vault()
        let result = try vault.crm("log", query, "Tea.")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/\(id).md").contains("Tea."))
    }

    @Test(arguments: ["olga", "hanako", "yamada", "zzzz", "ab", "olaff", "tea"])
    func nothingThatSharesNothing(query: String) throws {
        let vault = try Self.vault()
        let result = try vault.crm("log", query, "Tea.")
        #expect(!result.stderr.contains("Eleanor"), "\(query): \(result.stderr)")
        if ["hanako", "yamada", "zzzz", "ab", "tea"].contains(query) {
            #expect(result.stderr == "crm: error: no person matches '\(query)'\n")
        }
    }

    @Test func spellingInLatinLetters() {
        #expect(Transliteration.hiragana.count == 0x3096 - 0x3041 + 1)
        let cases = [("ольга петрова", "olga petrova"), ("юлия щукина", "yuliya shchukina"), ("ελενη παπαδοπουλου", "eleni papadopoulou"),
                     ("ευαγγελος", "evaggelos"), ("さくら", "sakura"), ("きょうこ", "kyouko"), ("キョウコ", "kyouko"), ("ラーメン", "ramen"),
                     ("まっちゃ", "matcha"), ("ずっと", "zutto"), ("ファン", "fan"), ("ada", "ada"), ("josé", "josé")]
        for (folded, latin) in cases { #expect(Transliteration.latin(folded) == latin, "\(folded)") }
        #expect(Transliteration.latin("山田 花子") == nil)
        #expect(Transliteration.latin("김민준") == nil)
    }

    /// For random queries, whatever is suggested shares most of its letters with the query in
    /// one spelling: the suggestion is a few edits away, never a name that shares nothing.
    @Test func everySuggestionSharesMostOfTheQuery() throws {
        var random = SeededGenerator(seed: 0x0_1ca)
        let vault = try Self.vault()
        let v = try Vault(root: vault.path)
        let people = try Self.people.map { name in try v.find(name) }
        let letters = Array("abcdefghijklmnoprstuvyz")
        var suggested = 0
        for _ in 0..<3000 {
            let query = String((0..<Int.random(in: 2...9, using: &random)).map { _ in letters.randomElement(using: &random)! })
            let suggestion = SuggestionQuery(query)
            for person in people {
                let name = person.name.folded
                guard let distance = suggestion.distance(toName: name, id: person.id, aliases: []) else { continue }
                suggested += 1
                #expect(distance <= SuggestionQuery.allowedEdits(query.count))
                let words = ([name] + name.split(separator: " ").map(String.init)).compactMap(Transliteration.latin)
                let shared = words.map { word in Set(word).intersection(query).count }.max() ?? 0
                #expect(shared * 2 >= Set(query).count, "'\(query)' suggested \(person.name)")
            }
        }
        #expect(suggested > 0)
    }
}
