import Foundation
import Testing
import CRMKit

/// The library's views of the people list and of one person, against what `crm list` and
/// `crm show` print.
@Suite struct PeopleViewsTests {
    @Test func theListingHoldsWhatCrmListPrints() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let listing = PeopleListing(vault: try Vault(root: vault.path), today: Day("2026-11-29")!)
        let listed = try vault.crm("list", "--json")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]
        #expect(listing.rows.map(\.id) == rows.map { $0["id"] as! String })
        for (row, json) in zip(listing.rows, rows) {
            #expect(row.name == json["name"] as? String)
            #expect(row.tags == json["tags"] as? [String])
            #expect(row.due?.description == json["due"] as? String)
            #expect(row.last?.description == json["last"] as? String)
            #expect(row.next?.description == json["next"] as? String)
            #expect(row.cadence?.description == json["every"] as? String)
            #expect(row.interactionCount == json["interactions"] as? Int)
        }
        #expect(listing.dueCount == 4)
    }

    @Test func thePersonViewHoldsWhatCrmShowPrints() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let opened = try Vault(root: vault.path)
        let today = Day("2026-11-29")!
        let links = VaultLinks.read(opened)
        for path in opened.personPaths().people {
            let id = Person.id(forPath: path)
            let view = try PersonView(person: try opened.load(path: path), config: opened.config, today: today,
                                      links: links)
            let shown = try vault.crm("show", id, "--json")
            let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as! [String: Any]
            #expect(view.name == json["name"] as? String)
            #expect(view.details.phones == json["phones"] as? [String])
            #expect(view.details.emails == json["emails"] as? [String])
            #expect(view.due?.description == json["due"] as? String)
            #expect(view.notes == json["notes"] as? String)
            // The entries of the person's own log, numbered; those of other files (`from` in JSON) unnumbered.
            let all = json["interactions"] as! [[String: Any]]
            let interactions = all.filter { $0["from"] is NSNull }
            let shared = all.filter { !($0["from"] is NSNull) }
            let entries = view.comingUp + view.history
            #expect(entries.filter { $0.date != nil }.compactMap(\.number).count == interactions.count)
            #expect(entries.filter { $0.elsewhere != nil }.count == shared.count, "\(id)")
            #expect(entries.allSatisfy { ($0.elsewhere == nil) == ($0.number != nil) }, "\(id)")
            #expect(Set(entries.compactMap { $0.elsewhere?.path }) == Set(shared.compactMap { $0["from"] as? String }), "\(id)")
            for entry in entries {
                guard let number = entry.number else { continue }
                if entry.date == nil {   // an undated follow-up: numbered after the entries
                    #expect(number > interactions.count, "\(id) \(number)")
                    continue
                }
                #expect(interactions[number - 1]["line"] as? Int == entry.line)
                #expect(interactions[number - 1]["status"] as? String == entry.status.rawValue)
            }
            // What `crm show` prints under "Coming up" and the heading, in its order.
            let text = try vault.crm("show", id).stdout
            #expect(text.contains("\(opened.config.heading) (\(view.history.count))"), "\(id)")
            if !view.comingUp.isEmpty { #expect(text.contains("Coming up (\(view.comingUp.count))"), "\(id)") }
            if !view.related.isEmpty { #expect(text.contains("Related (\(view.related.count))"), "\(id)") }
            if !view.mentions.isEmpty { #expect(text.contains("Mentioned (\(view.mentions.count))"), "\(id)") }
            let printedNumbers = text.split(separator: "\n").compactMap { line -> Int? in
                let trimmed = line.drop { $0 == " " }
                guard line.hasPrefix("  "), let number = Int(trimmed.prefix { $0.isNumber }) else { return nil }
                let rest = trimmed.dropFirst(String(number).count)
                return rest.hasPrefix("  20") || rest.hasPrefix("  someday") ? number : nil
            }
            #expect(printedNumbers == entries.compactMap(\.number), "\(id)")
        }
    }
}
