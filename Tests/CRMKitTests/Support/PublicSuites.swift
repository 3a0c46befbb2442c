import Foundation
import Testing

/// The test suites other projects published (the YAML test suite, their vCard test files, Obsidian
/// person notes), read from the public suites folder `../shared/suites` beside the checkout. The
/// repository holds none of their files; `Tests/README.md` describes the folder.
///
/// Without the folder, each suite that reads it is skipped with one line naming the folder, and
/// the rest of the tests pass. With `CRM_REQUIRE_SUITES=1` (set by `.ci/run`) the suites run
/// anyway, and a missing folder or a missing oracle fails them instead.
enum PublicSuites {
    /// `../shared/suites` from the package root, or the folder `$CRM_SUITES` names.
    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["CRM_SUITES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/suites")
    }()

    static let isPresent: Bool = {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
    }()

    /// Whether a suite that cannot run is a failure rather than a skip (`CRM_REQUIRE_SUITES=1`).
    static let areRequired = ProcessInfo.processInfo.environment["CRM_REQUIRE_SUITES"] == "1"

    /// The trait of every suite that reads the folder: skipped, with one line, when it is missing.
    static var present: ConditionTrait {
        .enabled(
            if: isPresent || areRequired,
            Comment(rawValue: "no public suites folder at \(folder.path) (../shared/suites beside the checkout)"))
    }

    /// Fails when the folder is missing. The suites' tests call it first; without the folder
    /// they run only when `CRM_REQUIRE_SUITES=1` keeps them from being skipped.
    static func requireFolder() throws {
        try #require(isPresent, "the public suites folder \(folder.path) is missing, and CRM_REQUIRE_SUITES=1 requires it")
    }

    /// A file or folder of the suites, by its path there (`vcf/new-sets`).
    static func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

    /// The paths of the files under `relative` whose names end in `suffix` (ignoring case),
    /// relative to that folder, sorted.
    static func files(under relative: String, endingIn suffix: String) -> [String] {
        let root = url(relative)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        for case let path as String in walker where path.lowercased().hasSuffix(suffix) {
            found.append(path)
        }
        return found.sorted()
    }

    /// The set a file is part of, by its path under `top` (`vcf` or `notes`): in a folder that
    /// lists its files in a `FILES.txt` (as `OWNER/REPOSITORY/PATH`) a set is a repository
    /// (`new-sets/mozilla/releases-comm-central`), in any other a subfolder (`project-sets/android`);
    /// `vcf/` holds groups of sets.
    static func set(of path: String, under top: String) -> String {
        var folders = path.split(separator: "/").dropLast().map(String.init)
        var group: [String] = []
        if top == "vcf", !folders.isEmpty { group.append(folders.removeFirst()) }
        let listed = FileManager.default.fileExists(atPath: url(([top] + group + ["FILES.txt"]).joined(separator: "/")).path)
        let set = (group + folders.prefix(listed ? 2 : 1)).joined(separator: "/")
        return set.isEmpty ? top : set
    }

    // MARK: - The independent readers

    /// What vobject reads from every card under `vcf/` and PyYAML (with a YAML 1.2 core resolver)
    /// from the front matter of every note under `notes/`, as `Tests/Interop/suite_readings.py`
    /// prints them. Computed once per test run, from the files in the folder now.
    struct Readings: Decodable, Sendable {
        var vcf: [String: [CardReading]]
        var notes: [String: NoteReading]
    }

    /// One top-level card of a file as vobject read it: the fields `crm` stores, or why vobject
    /// could not read it.
    struct CardReading: Decodable, Sendable, CustomStringConvertible {
        /// The 1-based line of the card's `BEGIN:VCARD`.
        var line: Int
        var name: String?
        var uid: String?
        var phones: [String]?
        var emails: [String]?
        var birthday: String?
        var vobjectError: String?

        enum CodingKeys: String, CodingKey {
            case line, name, uid, phones, emails, birthday
            case vobjectError = "vobject_error"
        }

        var description: String {
            if let vobjectError { return "line \(line): vobject cannot read it (\(vobjectError))" }
            return "line \(line): name \(name ?? "-"), uid \(uid ?? "-"), phones \(phones ?? []), emails \(emails ?? []), birthday \(birthday ?? "-")"
        }
    }

    /// A note's front matter as PyYAML read it.
    struct NoteReading: Decodable, Sendable {
        /// The keys and values; nil when PyYAML refused the front matter or there is none.
        var properties: [String: JSONValue]?
        /// Why PyYAML refused the front matter.
        var error: String?
        /// `false` when the file has no front matter.
        var frontMatter: Bool?

        enum CodingKeys: String, CodingKey {
            case properties, error
            case frontMatter = "front_matter"
        }
    }

    /// Why the readings could not be made.
    struct OracleFailure: Error, CustomStringConvertible {
        /// Whether python3, vobject or PyYAML is not installed (a skip), rather than a failure of the script.
        var isMissingTools: Bool
        var description: String
    }

    static let readings = readings(of: folder)

    /// The readings of the files under `root/vcf` and `root/notes` (the suites folder, or cards a
    /// test wrote).
    static func readings(of root: URL) -> Result<Readings, OracleFailure> {
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/Interop/suite_readings.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, root.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(OracleFailure(isMissingTools: true, description: "cannot run python3: \(error)"))
        }
        nonisolated(unsafe) var errors = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let message = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // 127: env found no python3; 3: the script found no vobject or PyYAML.
        guard process.terminationStatus == 0 else {
            return .failure(OracleFailure(
                isMissingTools: [3, 127].contains(process.terminationStatus),
                description: "Tests/Interop/suite_readings.py exited with \(process.terminationStatus): \(message)"))
        }
        do {
            return .success(try JSONDecoder().decode(Readings.self, from: output))
        } catch {
            return .failure(OracleFailure(isMissingTools: false, description: "Tests/Interop/suite_readings.py printed no readings: \(error)"))
        }
    }

    /// The trait of every suite compared with vobject or PyYAML: skipped, with one line, when
    /// python3 with vobject and PyYAML is not installed.
    static var readable: ConditionTrait {
        .enabled(
            if: areRequired || !isPresent || !isMissingTools,
            "needs python3 with vobject and PyYAML for the readings it compares with (pip install vobject==0.9.9 pyyaml)")
    }

    private static var isMissingTools: Bool {
        if case .failure(let failure) = readings { return failure.isMissingTools }
        return false
    }

    /// The readings; throws what went wrong making them.
    static func requireReadings() throws -> Readings {
        try requireFolder()
        return try readings.get()
    }
}

/// A JSON value as another program wrote it, decoded strictly: `true` is a boolean and `1` a
/// number (Foundation's `JSONSerialization` on Linux gives both as `NSNumber`).
enum JSONValue: Decodable, Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `data`, or nil when it is not one JSON value.
    static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let items): "[\(items.map(\.description).joined(separator: ", "))]"
        case .object(let pairs): "{\(pairs.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}"
        }
    }
}
