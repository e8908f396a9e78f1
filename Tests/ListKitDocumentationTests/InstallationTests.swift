import Foundation
import ListKitFixtures
import Testing

/// The README's installation manifest resolves against this repository: its syntax, its product
/// names and its package name are what SwiftPM accepts, and the version it asks for is the newest
/// one CHANGELOG.md records.
@Suite struct InstallationTests {
  /// The manifest's ListKit dependency, `.package(url: "…", from: "<version>")`.
  static var dependency: Regex<(Substring, version: Substring)> {
    /\.package\(url: "[^"]+", from: "(?<version>[0-9]+\.[0-9]+\.[0-9]+)"\)/
  }

  @Test func theReadmeAsksForTheNewestVersionInTheChangelog() throws {
    let manifest = try #require(try DocumentationSources.swiftBlocks().first(where: \.isPackageManifest))
    let asked = try #require(manifest.text.firstMatch(of: Self.dependency), "no versioned ListKit dependency")
    let changelog = try String(
      contentsOf: DocumentationSources.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    // The first `## [x.y.z]` heading below `## [Unreleased]` is the newest release.
    let newest = try #require(changelog.firstMatch(of: /\n## \[(?<version>[0-9]+\.[0-9]+\.[0-9]+)\]/))
    #expect(
      asked.version == newest.version,
      "README asks for \(asked.version), CHANGELOG's newest is \(newest.version)")
  }

  @Test func theReadmeManifestResolvesAgainstThisRepository() async throws {
    let manifests = try DocumentationSources.swiftBlocks().filter(\.isPackageManifest)
    #expect(manifests.count == 1, "the README shows one Package.swift")
    let manifest = try #require(manifests.first)

    // A folder holding the user's package and, beside it, "ListKit" (this repository), as the
    // manifest's `.package(path: "../ListKit")` expects.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listkit-install-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("Feed")
    for target in ["Sources/Feed", "Tests/FeedTests"] {
      try FileManager.default.createDirectory(
        at: app.appendingPathComponent(target), withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("ListKit"), withDestinationURL: DocumentationSources.root)
    // The user's manifest names ListKit's git address; here it is this checkout.
    let local = manifest.text.replacing(Self.dependency) { _ in ".package(path: \"../ListKit\")" }
    #expect(local != manifest.text, "the manifest has no `.package(url:from:)` for ListKit")
    try (local + "\n").write(
      to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try "import ListKit\n".write(
      to: app.appendingPathComponent("Sources/Feed/Feed.swift"), atomically: true, encoding: .utf8)
    try "import ListKitTesting\n".write(
      to: app.appendingPathComponent("Tests/FeedTests/FeedTests.swift"), atomically: true, encoding: .utf8)

    // `show-dependencies` loads both manifests and checks every product the targets name.
    // The driver runs for seconds: a thread of the test's own waits for it, not the pool.
    let arguments = ["package", "--package-path", app.path, "show-dependencies"]
    let result = try await offPool { try Swift.run(arguments) }
    #expect(result.status == 0, "swift package show-dependencies failed:\n\(result.output)")
  }
}

extension DocumentationSources.Block {
  /// A whole `Package.swift`, checked by ``InstallationTests`` rather than compiled as a snippet.
  var isPackageManifest: Bool { text.hasPrefix("// swift-tools-version:") }
}

/// Runs the `swift` driver found on `PATH`.
private enum Swift {
  struct Result: Sendable {
    var status: Int32
    var output: String
  }

  static func run(_ arguments: [String]) throws -> Result {
    let process = try SpawnedProcess(["swift"] + arguments, output: .pipe, error: nil)
    let output = process.standardOutput?.readDataToEndOfFile() ?? Data()
    let status: Int32 =
      switch process.wait() {
      case .exit(let status): status
      case .signal(let signal): 128 + signal
      }
    return Result(status: status, output: String(decoding: output, as: UTF8.self))
  }
}
