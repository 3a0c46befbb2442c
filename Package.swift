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
        .target(name: "CRMKit"),
        // The terminal, with nothing about people: raw mode, keys, display width, screens and
        // their diff, text fields, fuzzy matching.
        .target(name: "CRMTerminal"),
        // `crm browse`: the app's screens over CRMKit's views, drawn with CRMTerminal.
        .target(name: "CRMBrowse", dependencies: ["CRMKit", "CRMTerminal"]),
        .executableTarget(name: "crm", dependencies: ["CRMKit", "CRMTerminal", "CRMBrowse"]),
        .executableTarget(name: "crm-bench", dependencies: ["CRMKit", "CRMTerminal", "CRMBrowse"], path: "Benchmarks/crm-bench"),
        .testTarget(
            name: "CRMKitTests",
            dependencies: ["CRMKit", "CRMTerminal", "CRMBrowse", "crm"],
            exclude: ["Fixtures"]
        ),
    ]
)
