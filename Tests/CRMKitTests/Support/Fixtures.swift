import Foundation
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Paths and helpers shared by the tests.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let people = root.appendingPathComponent("Fixtures/people")
    static let expected = root.appendingPathComponent("Fixtures/expected")
    static let calendarFolder = root.appendingPathComponent("Fixtures/calendar")
    static let packageRoot = root.deletingLastPathComponent().deletingLastPathComponent()
    static let exampleVault = packageRoot.appendingPathComponent("example-vault")

    /// Names of every person-file fixture, without `.md`.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: people.path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }()

    static func bytes(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: people.appendingPathComponent(name + ".md").path) ?? Data())
    }

    static func document(_ name: String) -> PersonDocument {
        PersonDocument(bytes: bytes(name), path: "people/\(name).md")
    }

    /// The bytes of `Fixtures/calendar/<name>` (golden iCalendar files).
    static func calendar(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: calendarFolder.appendingPathComponent(name)))
    }

    static func expectedJSON(_ file: String) -> Any? {
        guard let data = FileManager.default.contents(atPath: expected.appendingPathComponent(file).path) else { return nil }
        return try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}

/// Lines of a byte array, each with its ending, for diffs.
func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in bytes {
        current.append(byte)
        if byte == 0x0A { out.append(current); current = [] }
    }
    if !current.isEmpty { out.append(current) }
    return out
}

/// The smallest change between two files as whole lines: how many lines were removed and added.
func lineDiff(_ old: [UInt8], _ new: [UInt8]) -> (removed: [String], added: [String]) {
    let a = lines(old), b = lines(new)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
    let text = { (l: [UInt8]) in String(decoding: l, as: UTF8.self) }
    return (a[prefix..<(a.count - suffix)].map(text), b[prefix..<(b.count - suffix)].map(text))
}

/// Converts our JSON to Foundation objects, to compare with parsed expectations.
func foundationObject(_ json: JSON) -> Any {
    switch json {
    case .null: return NSNull()
    case .bool(let b): return b
    case .number(let literal): return Double(literal) ?? literal
    case .string(let s): return s
    case .array(let items): return items.map(foundationObject)
    case .object(let pairs): return Dictionary(pairs.map { ($0.0, foundationObject($0.1)) }, uniquingKeysWith: { _, b in b })
    }
}

/// Deep equality of JSON-like Foundation values; numbers compare by value.
func jsonEqual(_ a: Any, _ b: Any) -> Bool {
    switch (a, b) {
    case (is NSNull, is NSNull): return true
    case (let x as String, let y as String): return x == y
    case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy(jsonEqual)
    case (let x as [String: Any], let y as [String: Any]):
        return Set(x.keys) == Set(y.keys) && x.allSatisfy { jsonEqual($0.value, y[$0.key]!) }
    case (let x as Bool, let y as Bool): return x == y
    // Foundation on Linux hands JSON booleans over as the numbers 0 and 1; the interop check
    // (Tests/Interop/pyyaml_check.py) tells booleans from numbers strictly.
    case (let x as Bool, let y as NSNumber): return y.doubleValue == (x ? 1 : 0)
    case (let x as NSNumber, let y as Bool): return x.doubleValue == (y ? 1 : 0)
    case (let x as NSNumber, let y as NSNumber): return x.doubleValue == y.doubleValue
    case (let x as Double, let y as NSNumber): return x == y.doubleValue
    case (let x as NSNumber, let y as Double): return x.doubleValue == y
    default: return false
    }
}

extension FactsCache {
    /// Writes a cache of `vault` as this build would, each name prefixed with `CACHED `, so a
    /// test can tell a record that came from the cache from one read from its file.
    static func saveMarked(_ vault: Vault) throws {
        var entries: [(path: String, entry: FactsCache.Entry)] = []
        for path in vault.personPaths().people {
            let person = try vault.load(path: path)
            var facts = PersonFacts(person)
            facts.name = "CACHED " + facts.name
            entries.append((path, FactsCache.Entry(stamp: person.stamp, facts: facts)))
        }
        save(entries, to: vault, settled: .max)
    }
}

extension PersonFacts {
    /// The facts of an empty file at `people/<id>.md` with no name, for a test to fill in.
    static func empty(id: String) -> PersonFacts {
        PersonFacts(keys: PersonKeys(id: id, name: "", sortName: "", foldedAliases: [], emails: [], contactID: nil))
    }
}
