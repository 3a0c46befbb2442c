import CRMBrowse
import CRMKit
import CRMTerminal
import Dispatch
import Foundation

/// `crm-bench browse DIR [--query TEXT] [--runs N]`: the terminal app in process, at 80x24, on a
/// vault whose facts cache is warm: the first screen (the listing read, laid out and turned into
/// bytes), the filter's index made (as the app makes it once the first screen is drawn), then
/// each key of `/TEXT` typed into the filter (the list filtered and the screen laid out and
/// diffed again), then one look for files changed on disk. Prints the medians over the runs:
/// `first=MS prepare=MS keys=N key-median=MS key-max=MS poll=MS matched=M`, where key-max is
/// the slowest keystroke of a run, its median over the runs.
func browseBenchmark(_ arguments: ArraySlice<String>) throws {
    guard let root = arguments.first else {
        FileHandle.standardError.write(Data("usage: crm-bench browse VAULT-DIR [--query TEXT] [--runs N]\n".utf8))
        exit(2)
    }
    let query = arguments.firstIndex(of: "--query").map { arguments[$0 + 1] } ?? "margaret ham"
    let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 5
    var environment = ProcessInfo.processInfo.environment
    if environment["CRM_TODAY"] == nil { environment["CRM_TODAY"] = "2026-11-29" }
    let size = Size(columns: 80, rows: 24)
    func milliseconds(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
    var firsts: [Double] = [], prepares: [Double] = [], medians: [Double] = [], maxima: [Double] = [], polls: [Double] = []
    var matched = 0
    for _ in 0..<max(1, runs) {
        let start = DispatchTime.now().uptimeNanoseconds
        let session = try BrowseSession(vault: try Vault(root: root), environment: environment, user: UserConfig(), version: "bench", size: size,
                                        outside: { try $0() })
        var shown = BrowseLayout.screen(session.state, size: size)
        var bytes = ScreenRenderer.frame(from: nil, to: shown, colour: true).count
        firsts.append(milliseconds(start))
        let prepareStart = DispatchTime.now().uptimeNanoseconds
        session.prepare()   // as the app does once the first screen is drawn
        prepares.append(milliseconds(prepareStart))
        var keys: [Double] = []
        for key in [Key.character("/")] + query.map(Key.character) {
            let start = DispatchTime.now().uptimeNanoseconds
            session.press(key)
            let screen = BrowseLayout.screen(session.state, size: size)
            bytes += ScreenRenderer.frame(from: shown, to: screen, colour: true).count
            shown = screen
            keys.append(milliseconds(start))
        }
        matched = session.state.list.shown.count
        medians.append(keys.sorted()[keys.count / 2])
        maxima.append(keys.max()!)
        _ = session.poll(listing: true)   // the first look takes the stamps
        let pollStart = DispatchTime.now().uptimeNanoseconds
        _ = session.poll(listing: true)
        polls.append(milliseconds(pollStart))
        if bytes == 0 { print("nothing drawn") }
    }
    func median(_ values: [Double]) -> String { String(format: "%.2f", values.sorted()[values.count / 2]) }
    print("first=\(median(firsts)) prepare=\(median(prepares)) keys=\(query.count + 1) key-median=\(median(medians)) "
          + "key-max=\(median(maxima)) poll=\(median(polls)) matched=\(matched)")
}
