// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyPersonCRM",
    // Linux is built and tested; macOS and iOS are written for (no Linux-only API) but not built here.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "CRMKit", targets: ["CRMKit"]),
        .executable(name: "crm", targets: ["crm"]),
    ],
    targets: [
        // The layers of the library, each using only the ones before it (docs/architecture.md).
        // The file format: text, YAML, dates, one person's file read and edited byte-exactly.
        .target(name: "CRMFormat"),
        // The vault: its folder, its people and their facts, the cache of those facts, trash.
        .target(name: "CRMVault", dependencies: ["CRMFormat"]),
        // What is done with a vault: reports, sync, contacts, calendar, git, export; and the
        // public API an app embedding the library uses (CRMKit/API).
        .target(name: "CRMKit", dependencies: ["CRMFormat", "CRMVault"]),
        // The terminal, with nothing about people: raw mode, keys, display width, screens and
        // their diff, text fields, fuzzy matching; from CRMFormat only how text is shown
        // (VisibleText), the one rule `crm` and `crm browse` share.
        .target(name: "CRMTerminal", dependencies: ["CRMFormat"]),
        // `crm browse`: the app's screens over CRMKit's views, drawn with CRMTerminal.
        .target(name: "CRMBrowse", dependencies: ["CRMKit", "CRMTerminal"]),
        // `crm lsp`: the Language Server Protocol over CRMKit, for editors.
        .target(name: "CRMLanguageServer", dependencies: ["CRMKit"]),
        .executableTarget(name: "crm", dependencies: ["CRMKit", "CRMTerminal", "CRMBrowse", "CRMLanguageServer"]),
        .executableTarget(name: "crm-bench", dependencies: ["CRMKit", "CRMTerminal", "CRMBrowse"], path: "Benchmarks/crm-bench"),
        .testTarget(
            name: "CRMKitTests",
            dependencies: ["CRMKit", "CRMTerminal", "CRMBrowse", "CRMLanguageServer", "crm"],
            exclude: ["Fixtures"]
        ),
    ]
)
