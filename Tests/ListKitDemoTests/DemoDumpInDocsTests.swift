import Foundation
import ListKitDemoSupport
import Testing

/// Every dump the README and the guides print ("`listkit-demo --dump …` prints:" and the block
/// after it) is what that command prints now, so the docs cannot drift from the demo.
@Suite struct DemoDumpInDocsTests {
  /// A documented command and the block printed after it.
  struct PrintedDump: CustomTestStringConvertible, Sendable {
    let file: String
    let arguments: [String]
    let text: String
    var testDescription: String { "\(file): \(arguments.joined(separator: " "))" }
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The printed dumps of the README and every guide.
  static func printedDumps() throws -> [PrintedDump] {
    let guides = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("Guides").path
    )
    .filter { $0.hasSuffix(".md") }.sorted().map { "Guides/\($0)" }
    return try (["README.md"] + guides).flatMap { file in
      let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        .components(separatedBy: "\n")
      return lines.indices.compactMap { index -> PrintedDump? in
        let line = lines[index]
        guard line.hasSuffix("` prints:"), let start = line.range(of: "listkit-demo --dump"),
          index + 2 < lines.count, lines[index + 2] == "```"
        else { return nil }
        let command = line[start.upperBound...].dropLast("` prints:".count)
        let block = lines[(index + 3)...].prefix { $0 != "```" }
        return PrintedDump(
          file: file, arguments: command.split(separator: " ").map(String.init),
          text: block.joined(separator: "\n"))
      }
    }
  }

  @Test func theDocsPrintDumps() throws {
    #expect(try Self.printedDumps().count >= 2)
  }

  @MainActor @Test(arguments: try printedDumps())
  func aPrintedDumpIsWhatTheCommandPrints(_ printed: PrintedDump) async throws {
    guard case .run(let options) = try DemoOptions.parse(["--dump"] + printed.arguments) else {
      Issue.record("\(printed.arguments) asks for help")
      return
    }
    let text = try await DemoScreen.dump(options: options, loader: options.makeLoader())
    #expect(text.trimmingCharacters(in: .newlines) == printed.text, "\(printed.file)")
  }
}
