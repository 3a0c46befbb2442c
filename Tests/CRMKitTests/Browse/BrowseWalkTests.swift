import Foundation
import Testing
@testable import CRMBrowse
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import CRMTerminal

/// Random keys at random sizes (a fixed seed), over a vault of names in several scripts: every
/// screen draws, the selection is always on the screen, and every file written still reads.
@Suite struct BrowseWalkTests {
    static let names = ["山田 花子", "Анна Соколова", "Zoë Ærøskøbing", "محمد الأحمد", "👩‍🔬 Dr. Emoji", "Ng\u{0303}uyễn Văn A",
                        "Maximiliana Wilhelmina Theodora von Habsburg-Lothringen-Este", "O'Brien-Smyth, Jr.", "金城 武", "Ελένη Παπαδοπούλου"]

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func randomKeysKeepEveryScreenWhole(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var people: [String: String] = [:]
        for (i, name) in Self.names.enumerated() {
            people["walk-\(i)"] = "---\nname: \(YAMLQuoting.scalar(name))\ntags: [walk, \(i % 2 == 0 ? "even" : "odd")]\nevery: \(i + 1)w\n---\n\n## Interactions\n\n"
                + "- [ ] 2026-12-0\(i % 9 + 1) call: Plan \(i) with \(name)\n- 2026-11-\(10 + i) visit: Met \(name) in town.\n"
        }
        let fixture = try BrowseFixture(size: Size(columns: 80, rows: 24), environment: ["CRM_CONTACTS": "~/contacts.vcf", "EDITOR": "true"],
                                        people: people)
        let keys: [Key] = [.character("j"), .character("j"), .character("k"), .down, .up, .character("g"), .character("G"), .pageDown,
                           .pageUp, .enter, .enter, .escape, .character("q"), .character("/"), .character("a"), .character("n"),
                           .character("山"), .character("ж"), .character("s"), .character("t"), .character("l"), .character("p"),
                           .character("x"), .character("u"), .character("y"), .character("n"), .tab, .backTab, .left, .right,
                           .control("s"), .character(" "), .character("?"), .backspace, .character("e"), .home, .end]
        for step in 0..<250 {
            if Int.random(in: 0..<25, using: &random) == 0 {
                fixture.resize(Size(columns: Int.random(in: 30...250, using: &random), rows: Int.random(in: 10...60, using: &random)))
            }
            let key = keys.randomElement(using: &random)!
            fixture.press(key)
            let screen = fixture.screen
            #expect(screen.lines.count == fixture.size.rows)
            guard fixture.size.columns >= 40, fixture.size.rows >= 12 else {
                #expect(screen.lines[0].hasPrefix("Too small"))
                continue
            }
            let body = screen.lines[1..<(fixture.size.rows - 2)]
            let state = fixture.state
            switch state.top {
            case nil where state.today == nil:
                if !state.list.shown.isEmpty {
                    #expect(body.filter { $0.hasPrefix(">") }.count == 1, "step \(step) after \(key): \(screen.lines)")
                }
            case .person(let page):
                if page.selected != nil { #expect(body.contains { $0.hasPrefix(">") }, "step \(step) after \(key): \(screen.lines)") }
            case .picker(let picker):
                if !picker.shown.isEmpty { #expect(body.filter { $0.hasPrefix(">") }.count == 1, "step \(step)") }
            default: break
            }
        }
        let check = try CRM.run(["--vault", fixture.vault.path, "check", "--json"], environment: ["CRM_TODAY": "2026-11-29"])
        let problems = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [[String: Any]]
        #expect(problems.filter { $0["severity"] as? String == "error" }.isEmpty, "\(check.stdout)")
    }
}
