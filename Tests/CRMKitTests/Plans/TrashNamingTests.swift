import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Removals in the same second never share a trash file: each takes a free name (`-2`, `-3`…).
@Suite struct TrashNamingTests {
    static let file = "---\nname: Ada\n---\n\n## Interactions\n\n- 2026-11-28 call: Newest.\n- 2026-11-20 visit: Tea.\n- 2026-11-01 call: Oldest.\n"

    @Test func twoUnlogsInTheSameSecondKeepBothEntries() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.file)
        let v = try Vault(root: vault.path)
        let first = try v.unlog(try v.find("ada"), number: 1, stamp: "20261129-120000")
        // Item 2 as listed (the numbers stay until the log is listed again).
        let second = try v.unlog(try v.find("ada"), number: 2, stamp: "20261129-120000")
        #expect(first.trash.name == "20261129-120000-ada.entry.md")
        #expect(second.trash.name == "20261129-120000-ada-2.entry.md")
        #expect(second.trash.summary == "- 2026-11-20 visit: Tea.")
        #expect(try vault.crm("restore", first.trash.name).status == 0)
        #expect(try vault.crm("restore", second.trash.name).status == 0)
        #expect(vault.read("people/ada.md") == Self.file)
    }

    @Test func unlogTwiceFromTheCommandLineBothRestorable() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.file)
        #expect(try vault.crm("unlog", "ada", "1").status == 0)
        #expect(try vault.crm("unlog", "ada", "2").status == 0)
        let listed = try #require(try StayInTouchCLITests.json(try vault.crm("restore", "--json")) as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["summary"] as? String }) == ["- 2026-11-28 call: Newest.", "- 2026-11-20 visit: Tea."])
        for name in listed.compactMap({ $0["name"] as? String }) {
            let result = try vault.crm("restore", name)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(vault.read("people/ada.md") == Self.file)
    }

    @Test func twoRemovalsOfPeopleWithOneNameInTheSameSecond() throws {
        let vault = try TemporaryVault()
        let v = try Vault(root: vault.path)
        try vault.write("people/ada.md", Self.file)
        #expect(try v.trash(try v.find("ada"), stamp: "20261129-120000") == ".crm/trash/20261129-120000-ada.md")
        try vault.write("people/ada.md", "---\nname: Ada Two\n---\n")
        #expect(try v.trash(try v.find("ada"), stamp: "20261129-120000") == ".crm/trash/20261129-120000-ada-2.md")
        #expect(vault.read(".crm/trash/20261129-120000-ada.md") == Self.file)
    }

    /// `crm restore` lists the trash with the names to type whole, however long.
    @Test func restoreNeverCutsTheNameItAsksFor() throws {
        let vault = try TemporaryVault()
        let name = "Maximiliana Alexandrina Featherstonehaugh-Worthington"
        #expect(try vault.crm("add", name).status == 0)
        #expect(try vault.crm("rm", "maximiliana", "--yes").status == 0)
        let listing = try vault.crm("restore")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash").first)
        #expect(file.count > 40)
        #expect(listing.stdout.contains(file + "  "), "\(listing.stdout)")
        #expect(try vault.crm("restore", file).status == 0)
    }
}
