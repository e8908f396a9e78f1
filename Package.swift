// swift-tools-version: 6.2
import PackageDescription

// Every target builds in Swift 6 mode with complete concurrency checking and no warnings:
// a warning is an error here (SwiftPM ignores this setting when ListKit is a remote dependency).
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "ListKit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .visionOS(.v1)],
  products: [
    .library(name: "ListDiff", targets: ["ListDiff"]),
    .library(name: "ListKit", targets: ["ListKit"]),
    .library(name: "ListKitTesting", targets: ["ListKitTesting"]),
  ],
  targets: [
    .target(name: "ListDiff", swiftSettings: strict),
    .target(name: "ListKit", dependencies: ["ListDiff"], swiftSettings: strict),
    .target(name: "ListKitTesting", dependencies: ["ListKit", "ListDiff"], swiftSettings: strict),
    .executableTarget(name: "listkit-bench", dependencies: ["ListDiff"], swiftSettings: strict),
    .testTarget(name: "ListDiffTests", dependencies: ["ListDiff", "ListKitTesting"], swiftSettings: strict),
    .testTarget(name: "ListKitTests", dependencies: ["ListKit", "ListDiff"], swiftSettings: strict),
    .testTarget(
      name: "ListKitTestingTests", dependencies: ["ListKitTesting", "ListKit", "ListDiff"],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
