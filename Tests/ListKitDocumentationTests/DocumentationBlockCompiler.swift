import Foundation
import ListKitFixtures

/// Typechecks documentation blocks as a reader would paste them: each block (with the earlier
/// blocks it continues) alone in a file of a package that depends on ListKit.
///
/// The file holds exactly the printed text; only when the first block of the chain has no
/// `import` line are `import Foundation` and `import <documented module>` put above it. It is
/// typechecked by `swiftc` against the modules `swift build` made, in Swift 6 mode with
/// `MemberImportVisibility`, so a member of a module the file does not import is an error as well.
enum DocumentationBlockCompiler {
  /// One file to typecheck: a block and the blocks it continues.
  struct Unit: Sendable {
    /// The last block's location, which names the unit in failures.
    var location: String
    var source: String
  }

  struct Failure: Sendable {
    var location: String
    var source: String
    var output: String
  }

  struct SetupError: Error, CustomStringConvertible {
    var description: String
  }

  /// The units for `blocks`: one per block, chained through `continues`.
  /// - Throws: When a block continues a name no earlier block of its document has.
  static func units(for blocks: [DocumentationSources.Block]) throws -> [Unit] {
    var units: [Unit] = []
    for (index, block) in blocks.enumerated() {
      var chain = [block]
      while let name = chain[0].continues {
        let earlier = blocks[..<index].last { $0.file == block.file && $0.name == name }
        guard let earlier, !chain.contains(where: { $0.location == earlier.location }) else {
          throw SetupError(
            description:
              "\(chain[0].location): continues \"\(name)\", which no earlier block of \(block.file) is")
        }
        chain.insert(earlier, at: 0)
      }
      var source = chain.map(\.printed).joined(separator: "\n\n") + "\n"
      if DocumentationSources.splitImports(chain[0].printed).imports.isEmpty {
        source =
          "import Foundation\nimport \(DocumentationSources.documentedModule(of: block.file))\n\n" + source
      }
      units.append(Unit(location: block.location, source: source))
    }
    return units
  }

  /// Typechecks every unit, two at a time, and returns those that fail.
  static func failures(of units: [Unit]) async throws -> [Failure] {
    let modules = try builtModules()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listkit-doc-blocks-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await withThrowingTaskGroup(of: Failure?.self) { group in
      var failures: [Failure] = []
      for (index, unit) in units.enumerated() {
        if index >= 2, let finished = try await group.next(), let failure = finished {
          failures.append(failure)
        }
        group.addTask {
          let file = folder.appendingPathComponent("block\(index).swift")
          try unit.source.write(to: file, atomically: true, encoding: .utf8)
          let result = try await run(
            "swiftc",
            [
              "-typecheck", "-swift-version", "6", "-enable-upcoming-feature", "MemberImportVisibility",
              "-warnings-as-errors", "-parse-as-library", "-module-name", "DocumentationBlock",
              "-I", modules.path,
              // ListKitSQLite's module refers to the system SQLite's module map, which SwiftPM
              // hands the compiler for a package that depends on it.
              "-I", DocumentationSources.root.appendingPathComponent("Sources/CSQLite").path, file.path,
            ], output: folder.appendingPathComponent("block\(index).log"))
          return result.status == 0
            ? nil : Failure(location: unit.location, source: unit.source, output: result.output)
        }
      }
      for try await finished in group { if let failure = finished { failures.append(failure) } }
      return failures.sorted { $0.location < $1.location }
    }
  }

  /// The folder of the modules `swift build` made for this test run (`.build/<triple>/debug/Modules`
  /// beside the test bundle, or `Modules` above it on Apple platforms).
  static func builtModules() throws -> URL {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = folder.appendingPathComponent("Modules")
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("ListKit.swiftmodule").path)
      {
        return candidate
      }
      folder = folder.deletingLastPathComponent()
    }
    throw SetupError(description: "no Modules folder with ListKit.swiftmodule above \(executable.path)")
  }

  /// Runs a tool found on `PATH`, started and waited for on a thread of its own: its output goes
  /// to `output`, read once it has exited.
  static func run(_ tool: String, _ arguments: [String], output: URL) async throws -> (
    status: Int32, output: String
  ) {
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        do {
          let process = try SpawnedProcess([tool] + arguments, output: .file(output.path), error: nil)
          switch process.wait() {
          case .exit(let status): continuation.resume(returning: status)
          case .signal(let signal): continuation.resume(returning: 128 + signal)
          }
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
    // NB: through a FileHandle, not String(contentsOf:), whose buffers (FoundationEssentials'
    // readBytesFromFile) LeakSanitizer reported as leaked when read from a pool thread.
    let reader = try FileHandle(forReadingFrom: output)
    defer { try? reader.close() }
    return (status, String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self))
  }
}
