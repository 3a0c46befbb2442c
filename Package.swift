// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyPersonCRM",
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
