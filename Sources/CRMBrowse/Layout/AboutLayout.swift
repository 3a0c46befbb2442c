import CRMKit
import CRMTerminal

/// About: what the app is, its version, the vault, the licence, and every screen's keys.
enum AboutLayout {
    static func lines(_ setting: BrowseState.Setting, width: Int) -> [(text: String, style: Style)] {
        var lines: [(String, Style)] = TextLayout.wrapped("My Person CRM \(setting.version): a private, plain-text personal CRM.",
                                                         width: width).map { ($0, .bold) }
        lines.append(("", .plain))
        for (label, value) in [("Vault", setting.vault), ("Contacts", setting.contacts ?? "none (contacts: in .crm/config.yaml)"),
                               ("Calendar", setting.calendar ?? "none (calendar: in .crm/config.yaml)"),
                               ("Licence", "GPL-3.0. Your files are the database: no network, no server.")] {
            for (i, part) in TextLayout.wrapped(value, width: max(1, width - 10)).enumerated() {
                lines.append(((i == 0 ? TextLayout.padded(label, width: 10) : String(repeating: " ", count: 10)) + part, .plain))
            }
        }
        let keyWidth = KeyHelp.all.flatMap(\.bindings).map { DisplayWidth.of($0.keys) }.max() ?? 0
        for section in KeyHelp.all {
            lines.append(("", .plain))
            lines.append((section.screen, .bold))
            for binding in section.bindings {
                let parts = TextLayout.wrapped(binding.action, width: max(1, width - keyWidth - 4))
                for (i, part) in parts.enumerated() {
                    lines.append(((i == 0 ? TextLayout.padded("  " + binding.keys, width: keyWidth + 4) : String(repeating: " ", count: keyWidth + 4)) + part, .plain))
                }
            }
        }
        return lines
    }

    static func draw(_ about: AboutPage, setting: BrowseState.Setting, on screen: inout Screen, _ frame: Frame) {
        BrowseLayout.drawTitle("About crm browse", right: "q back", on: &screen, frame)
        let all = lines(setting, width: frame.width)
        let scroll = max(0, min(about.scroll, all.count - frame.bodyRows))
        for (offset, line) in all[scroll..<min(all.count, scroll + frame.bodyRows)].enumerated() {
            screen.put(TextLayout.truncated(line.text, width: frame.width), row: frame.bodyTop + offset, column: 0, style: line.style)
        }
    }
}
