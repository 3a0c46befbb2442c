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
        .executableTarget(name: "crm", dependencies: ["CRMKit"]),
        .executableTarget(name: "crm-bench", dependencies: ["CRMKit"], path: "Benchmarks/crm-bench"),
        .testTarget(
            name: "CRMKitTests",
            dependencies: ["CRMKit", "crm"],
            exclude: ["Fixtures"]
        ),
    ]
)
