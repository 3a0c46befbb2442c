import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The CSV reader against Python's `csv` module, and the encodings and dates of address-book
/// exports.
@Suite("CSV: reader, encodings, dates")
struct CSVReaderTests {
    /// Rows with quotes, commas, line breaks and spaces, written by Python's `csv.writer` in each
    /// encoding (UTF-8 with and without BOM, UTF-16 LE and BE with BOM, Windows-1252), with CRLF
    /// or LF rows and with or without a final line break: read back equal here and by
    /// `csv.reader`.
    @Test("Property: what csv.writer writes, read back equal", arguments: [31, 32] as [UInt64])
    func pythonOracle(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "Zoë", "Núñez", ",", "\"", "\"\"", "\n", "\r\n", " ", "  x ", "€", "“quoted”", "–", "1980-03-15", "", "ß"]
        let wide = ["中文", "😀", "Ω"]
        let encodings = ["utf-8", "utf-8-sig", "utf-16-le-bom", "utf-16-be-bom", "cp1252"]
        var cases: [[String: Any]] = []
        for index in 0..<60 {
            let encoding = encodings[index % encodings.count]
            let pool = encoding == "cp1252" ? pieces : pieces + wide
            let width = Int.random(in: 1...6, using: &random)
            let rows = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                (0..<width).map { _ in (0..<Int.random(in: 0...4, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined() }
            }.filter { $0 != [""] || width > 1 }
            cases.append(["rows": rows, "encoding": encoding, "newline": Bool.random(using: &random) ? "\r\n" : "\n",
                          "final": Bool.random(using: &random)])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases).write(to: input)
        let script = """
            import csv, io, json, sys
            folder = sys.argv[1]
            cases = json.load(open(folder + "/cases.json", encoding="utf-8"))
            read = []
            for i, case in enumerate(cases):
                out = io.StringIO(newline="")
                csv.writer(out, lineterminator=case["newline"]).writerows(case["rows"])
                text = out.getvalue()
                if not case["final"]:
                    text = text[:-len(case["newline"])]
                enc = case["encoding"]
                data = {"utf-16-le-bom": lambda t: b"\\xff\\xfe" + t.encode("utf-16-le"),
                        "utf-16-be-bom": lambda t: b"\\xfe\\xff" + t.encode("utf-16-be")}.get(enc, lambda t: t.encode(enc))(text)
                open(f"{folder}/{i}.csv", "wb").write(data)
                decoded = data.decode({"utf-16-le-bom": "utf-16", "utf-16-be-bom": "utf-16", "utf-8": "utf-8-sig"}.get(enc, enc))
                read.append(list(csv.reader(io.StringIO(decoded, newline=""), strict=True)))
            json.dump(read, open(folder + "/read.json", "w", encoding="utf-8"))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        let python = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("read.json"))) as? [[[String]]])
        for (index, testCase) in cases.enumerated() {
            let rows = testCase["rows"] as! [[String]]
            #expect(python[index] == rows, "case \(index): Python's own reading")
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("\(index).csv")))
            let encoding = testCase["encoding"] as! String
            // A Windows-1252 file that happens to be valid UTF-8 is read as UTF-8, as documented.
            if encoding == "cp1252", String(validating: bytes, as: UTF8.self) != nil { continue }
            guard case .success(let text) = CSVText.decode(bytes) else {
                Issue.record("case \(index) (\(encoding)): not decoded")
                continue
            }
            let read = CSVReader.rows(text.text, path: "x.csv")
            #expect(read.rows.map(\.fields) == python[index], "seed \(seed) case \(index) (\(encoding))")
            #expect(read.diagnostics == [], "seed \(seed) case \(index)")
        }
    }

    @Test("Fields and rows start where an editor shows them: line and column")
    func positions() {
        let read = CSVReader.rows("a,\"b\nc\",d\r\n\r\ne,,\"\"\n", path: "x.csv")
        #expect(read.rows.map(\.fields) == [["a", "b\nc", "d"], ["e", "", ""]])
        #expect(read.rows[0].positions.map { [$0.line, $0.column] } == [[1, 1], [1, 3], [2, 4]])
        #expect(read.rows[1].positions.map { [$0.line, $0.column] } == [[4, 1], [4, 3], [4, 4]])
    }

    @Test("Broken quoting is read as Python reads it, with a warning; an unclosed quote is an error")
    func brokenQuotes() {
        let stray = CSVReader.rows("a,b\"c,\"d\"e\n", path: "x.csv")
        #expect(stray.rows.map(\.fields) == [["a", "b\"c", "de"]])
        #expect(stray.diagnostics.map(\.description) == ["x.csv:1:4: warning: a quote inside a field that does not start with one; read as a quote"])
        let open = CSVReader.rows("a,b\nc,\"d\ne\n", path: "x.csv")
        #expect(open.rows.map(\.fields) == [["a", "b"]])
        #expect(open.diagnostics.map(\.description) == ["x.csv:2:3: error: a quoted field opened here is never closed; the rest of the file is not read"])
    }

    @Test("Encodings: BOMs, UTF-16 without one, Windows-1252; undefined octets refused with their offset")
    func encodings() {
        func decoded(_ bytes: [UInt8]) -> String? { if case .success(let text) = CSVText.decode(bytes) { text.text } else { nil } }
        #expect(decoded([0xEF, 0xBB, 0xBF] + Array("Zoë".utf8)) == "Zoë")
        #expect(decoded([0xFF, 0xFE] + "Zoë".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == "Zoë")
        #expect(decoded([0xFE, 0xFF] + "Zoë".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) == "Zoë")
        #expect(decoded("Name,Zoë".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == "Name,Zoë")
        #expect(decoded([0x4E, 0xFA, 0xF1, 0x65, 0x7A, 0x20, 0x93, 0x80, 0x94]) == "Núñez “€”")
        guard case .failure(let failure) = CSVText.decode(Array("Name\nJos".utf8) + [0xE9, 0x81]) else {
            Issue.record("an undefined octet was decoded")
            return
        }
        #expect(failure.reason == "it is not UTF-8 (from offset 8), nor Windows-1252: octet 0x81 at offset 9 is undefined there; save it as UTF-8")
    }

    @Test("Birthdays in the forms exports write", arguments: [
        ("1906-12-09", CSVDate.Birthday.date("1906-12-09")), ("--04-02", .date("--04-02")), ("15/03/1980", .date("1980-03-15")),
        ("3/15/1980", .date("1980-03-15")), ("1980/03/15", .date("1980-03-15")), ("15.03.1980", .date("1980-03-15")),
        ("0/0/00", .none), ("", .none), ("4/4/1980", .date("1980-04-04")),
        ("03/04/1980", .ambiguous("April 3 or March 4?")), ("3/15/80", .ambiguous("a two-digit year (1980 or 2080?)")),
        ("31/02/1980", .invalid), ("13/13/1980", .invalid), ("soon", .invalid),
    ])
    func birthdays(cell: String, expected: CSVDate.Birthday) {
        #expect(CSVDate.birthday(cell) == expected)
    }

    @Test func linkedInDates() {
        #expect(CSVDate.connectedOn("05 Nov 2024") == Day("2024-11-05"))
        #expect(CSVDate.connectedOn("5 November 2024") == Day("2024-11-05"))
        #expect(CSVDate.connectedOn("2024-11-05") == Day("2024-11-05"))
        #expect(CSVDate.connectedOn("31 Feb 2024") == nil)
        #expect(CSVDate.connectedOn("Nov 2024") == nil)
    }
}
