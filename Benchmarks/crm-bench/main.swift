import CRMKit
import Dispatch
import Foundation

/// In-process parser throughput: reads every person file of a vault into memory, then parses them
/// all on one core several times and reports MB/s (the median run). `browse` measures the
/// terminal app instead (see `browseBenchmark`).
///
///     swift run -c release crm-bench DIR [--runs 5]
///     swift run -c release crm-bench browse DIR [--query TEXT] [--runs 5]
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "browse" {
    try browseBenchmark(arguments.dropFirst())
    exit(0)
}
guard let root = arguments.first else {
    FileHandle.standardError.write(Data("usage: crm-bench VAULT-DIR [--runs N]\n".utf8))
    exit(2)
}
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 5
let vault = try Vault(root: root)
let files = vault.personPaths().people.map { try! FileSystem.readFile(root + "/" + $0).bytes }
let total = files.reduce(0) { $0 + $1.count }
var seconds: [Double] = []
var entries = 0
for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    entries = 0
    for (i, bytes) in files.enumerated() {
        let document = PersonDocument(bytes: bytes, path: "people/\(i).md", settings: vault.logSettings)
        entries += document.log?.entries.count ?? 0
    }
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
let median = seconds.sorted()[seconds.count / 2]
print("files=\(files.count) bytes=\(total) entries=\(entries) median=\(String(format: "%.3f", median))s "
      + "throughput=\(String(format: "%.0f", Double(total) / median / 1_000_000)) MB/s (one core)")
