// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ListKit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .visionOS(.v1)],
  products: [
    .library(name: "ListDiff", targets: ["ListDiff"]),
    .library(name: "ListKit", targets: ["ListKit"]),
    .library(name: "ListKitCache", targets: ["ListKitCache"]),
    .library(name: "ListKitTesting", targets: ["ListKitTesting"]),
    .library(name: "ListKitHTTP", targets: ["ListKitHTTP"]),
    .library(name: "ListKitTerminal", targets: ["ListKitTerminal"]),
    .library(name: "ListKitUIKit", targets: ["ListKitUIKit"]),
    .library(name: "ListKitSQLite", targets: ["ListKitSQLite"]),
    .executable(name: "listkit-demo", targets: ["listkit-demo"]),
    .executable(name: "listkit-bench", targets: ["listkit-bench"]),
  ],
  targets: [
    .target(name: "ListDiff"),
    // The paged list: PagedList, its state machine, loaders, the PageCache protocol, edits and
    // status. It knows no view, manager or section (ListKit shows it and re-exports it), and is in
    // no product of its own: `import ListKit` brings it.
    .target(name: "ListKitPaging", dependencies: ["ListDiff"]),
    .target(name: "ListKit", dependencies: ["ListDiff", "ListKitPaging"]),
    // The disk cache (FilePageCache and its file format), apart from the PageCache protocol it
    // implements, so that its internals are its own.
    .target(name: "ListKitCache", dependencies: ["ListKit"]),
    .target(name: "ListKitTesting", dependencies: ["ListKit", "ListDiff"]),
    .target(name: "ListKitHTTP", dependencies: ["ListKit"]),
    .target(name: "ListKitTerminal", dependencies: ["ListKit"]),
    // The system's SQLite (no pkg-config, so nothing can put another SQLite in place of the SDK's
    // on Apple platforms); only ListKitSQLite links it, so the other modules build without it.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "ListKitSQLite", dependencies: ["ListKit", "CSQLite"]),
    // UIKit and SwiftUI adapters: every file is inside `#if canImport(UIKit)`, so on Linux this is
    // an empty module and only Apple platforms compile its code.
    .target(name: "ListKitUIKit", dependencies: ["ListKit"]),
    // The loopback JSON API (a Python 3 standard-library script and its route modules) and its launcher, shared by the
    // HTTP tests, the demo tests and the benchmark; in no product. The script is found through
    // #filePath, so it is not a bundle resource.
    .target(
      name: "ListKitFixtures",
      exclude: ["page_server.py", "anyapi_routes.py", "hostile_routes.py", "edit_routes.py"]),
    // The demo's options, data set, loader and screen glue live in a library so tests can import them;
    // the executable only wires them to a terminal.
    .target(
      name: "ListKitDemoSupport",
      dependencies: [
        "ListKit", "ListKitCache", "ListKitTerminal", "ListKitHTTP", "ListKitTesting", "ListKitSQLite",
      ]),
    .executableTarget(
      name: "listkit-demo", dependencies: ["ListKit", "ListKitTerminal", "ListKitDemoSupport"]),
    .executableTarget(
      name: "listkit-bench",
      dependencies: [
        "ListDiff", "ListKit", "ListKitCache", "ListKitHTTP", "ListKitTesting", "ListKitFixtures",
        "ListKitSQLite",
        "CSQLite",
      ]),
    // A test fixture, not a tool: FilePageCacheCrashTests runs it and kills it mid-write.
    .executableTarget(name: "listkit-cache-writer", dependencies: ["ListKit", "ListKitCache"]),
    // A test fixture, not a tool: SQLiteListStoreCrashTests runs it and kills it mid-transaction.
    .executableTarget(name: "listkit-store-writer", dependencies: ["ListKit", "ListKitSQLite"]),
    // A test fixture, not a tool: EditOutboxCrashTests runs it and kills it while it sends.
    .executableTarget(name: "listkit-outbox-sender", dependencies: ["ListKit", "ListKitSQLite"]),
    // A test fixture, not a tool: HTTPHostileMemoryTests runs it under a memory limit.
    .executableTarget(name: "listkit-http-probe", dependencies: ["ListKitHTTP"]),
    // A test fixture, not a tool: HTTPCancelRaceTests runs it, and reads how it ended.
    .executableTarget(
      name: "listkit-cancel-race", dependencies: ["ListKit", "ListKitHTTP", "ListKitTesting"]),
    .testTarget(name: "ListDiffTests", dependencies: ["ListDiff", "ListKitTesting", "ListKitFixtures"]),
    .testTarget(
      name: "ListKitTests",
      dependencies: ["ListKit", "ListKitPaging", "ListDiff", "ListKitTesting", "ListKitFixtures"]),
    // The disk cache's own tests, beside its module (the paging tests use in-memory caches).
    .testTarget(
      name: "ListKitCacheTests",
      dependencies: ["ListKitCache", "ListKit", "ListKitTesting", "ListKitFixtures"]),
    .testTarget(
      name: "ListKitTestingTests", dependencies: ["ListKitTesting", "ListKit", "ListDiff"]),
    .testTarget(
      name: "ListKitHTTPTests",
      dependencies: ["ListKitHTTP", "ListKit", "ListKitCache", "ListKitTesting", "ListKitFixtures"]),
    .testTarget(
      name: "ListKitSQLiteTests",
      dependencies: ["ListKitSQLite", "ListKit", "ListKitHTTP", "ListKitTesting", "ListKitFixtures"]),
    .testTarget(
      name: "ListKitTerminalTests", dependencies: ["ListKitTerminal", "ListKit", "ListKitTesting"]),
    .testTarget(
      name: "ListKitDemoTests",
      dependencies: [
        "ListKitDemoSupport", "ListKitTerminal", "ListKit", "ListKitCache", "ListKitHTTP", "ListKitSQLite",
        "ListKitTesting", "ListKitFixtures",
      ]),
    // Every Swift block of the README, the guides and the DocC articles is a snippet compiled and
    // run here (or, for UIKit and SwiftUI code, in Examples/); DocumentationCodeBlockTests checks it.
    .testTarget(
      name: "ListKitDocumentationTests",
      dependencies: [
        "ListDiff", "ListKit", "ListKitCache", "ListKitHTTP", "ListKitTesting", "ListKitTerminal",
        "ListKitFixtures", "ListKitSQLite",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Every target builds in Swift 6 mode with complete concurrency checking and no warnings:
// a warning is an error here (SwiftPM ignores this setting when ListKit is a remote dependency).
for target in package.targets where target.type != .system {
  target.swiftSettings = [.treatAllWarnings(as: .error)]
}
