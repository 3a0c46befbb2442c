import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Who a link's target names: id, file name (when unique), name, alias, ignoring case and
/// accents; the first kind of key that matches decides, and several people on it is ambiguous.
@Suite struct LinkResolverTests {
    let resolver = LinkResolver([
        .init(id: "jose-nunez", name: "José Núñez", aliases: ["Pepe"]),
        .init(id: "family/mom", name: "Rosa Núñez", aliases: ["Mamá"]),
        .init(id: "work/mom", name: "Maureen Oakley", aliases: []),
        .init(id: "lena-marsh", name: "Lena Marsh", aliases: ["Lenny", "L. Marsh"]),
        .init(id: "sam-lee", name: "Sam Lee", aliases: []),
        .init(id: "sam-lee-2", name: "Sam Lee", aliases: []),
        .init(id: "samuel", name: "Samuel Okafor", aliases: ["lena-marsh", "Sam"]),
        .init(id: "sam", name: "Sam Stone", aliases: []),
    ])

    @Test(arguments: [
        ("jose-nunez", "jose-nunez"), ("JOSE-NUNEZ", "jose-nunez"), ("José Núñez", "jose-nunez"), ("jose nunez", "jose-nunez"),
        ("JOSÉ NÚÑEZ", "jose-nunez"), ("pepe", "jose-nunez"), (" jose-nunez.md ", "jose-nunez"), ("people/jose-nunez", "jose-nunez"),
        ("family/mom", "family/mom"), ("Family/Mom.md", "family/mom"), ("mama", "family/mom"), ("Lenny", "lena-marsh"),
        ("l. marsh", "lena-marsh"),
    ])
    func namesOnePerson(_ target: String, _ id: String) {
        #expect(resolver.resolve(target) == .person(id), "\(target)")
    }

    @Test func theFirstKindOfKeyDecides() {
        // An id beats someone else's alias, as the file Obsidian opens does.
        #expect(resolver.resolve("lena-marsh") == .person("lena-marsh"))
        #expect(resolver.resolve("sam") == .person("sam"))
    }

    @Test func severalPeopleOnTheDecidingKeyIsAmbiguous() {
        #expect(resolver.resolve("Sam Lee") == .ambiguous(["sam-lee", "sam-lee-2"]))
        #expect(resolver.resolve("mom") == .ambiguous(["family/mom", "work/mom"]))
        #expect(resolver.person("mom") == nil)
    }

    @Test func nobody() {
        #expect(resolver.resolve("Chidi Okafor") == .nobody)
        #expect(resolver.resolve("") == .nobody)
        #expect(resolver.resolve("2026-11-20") == .nobody)
    }

    /// Every spelling of someone's keys in other cases and with or without accents names them,
    /// whoever else is in the table.
    @Test func randomSpellingsOfKeysNameTheirPerson() {
        var g = SeededGenerator(seed: 41)
        let names = ["Zoë Ångström", "Ólafur Þórsson", "Ana María Núñez", "Björn Øyen", "Chloé Dubois", "Łukasz Wójcik"]
        for _ in 0..<200 {
            let people = names.shuffled(using: &g).prefix(4).enumerated().map { index, name in
                LinkResolver.Identity(id: Slug.make(name) + (index == 0 ? "" : "-\(index)"), name: name, aliases: [])
            }
            let resolver = LinkResolver(people)
            for person in people {
                let spelled = String(person.name.map { Bool.random(using: &g) ? Character($0.uppercased()) : $0 })
                #expect(resolver.resolve(spelled) == .person(person.id), "\(spelled)")
                #expect(resolver.resolve(person.name.folded) == .person(person.id))
                #expect(resolver.resolve(person.id.uppercased()) == .person(person.id))
            }
        }
    }

    /// A table made only for the targets of a vault's links (`keys:`) answers every one of them as
    /// the full table does, ambiguous ones included; any other target names nobody.
    @Test func aTableForSomeTargetsAnswersThemAsTheFullOne() {
        var g = SeededGenerator(seed: 7)
        let targets = ["jose-nunez", "JOSÉ NÚÑEZ", "pepe", "mom", "family/mom", "Sam Lee", "sam", "lena-marsh", "Lenny",
                       " people/sam-lee.md ", "Chidi Okafor", "Samuel Okafor", "mamá", "work/MOM"]
        for _ in 0..<100 {
            let some = targets.filter { _ in Bool.random(using: &g) }
            let restricted = LinkResolver(resolver.people, keys: Set(some.map(LinkResolver.key)))
            for target in some { #expect(restricted.resolve(target) == resolver.resolve(target), "\(target)") }
            for target in targets where !some.contains(where: { LinkResolver.key($0) == LinkResolver.key(target) }) {
                #expect(restricted.resolve(target) == .nobody, "\(target)")
            }
        }
        #expect(LinkResolver(resolver.people, keys: []).resolve("pepe") == .nobody)
        #expect(LinkResolver(resolver.people, keys: ["pepe"]).replacing("sam", with: .init(id: "sam", name: "Sam Stone", aliases: []))
            .resolve("Lenny") == .person("lena-marsh"))
    }
}
