import Foundation
import Testing

/// Every Swift code block in the documentation compiles as printed, imports included: alone in a
/// file of a package that depends on ListKit, or together with the earlier block of the same
/// document it is marked as continuing (the markers are described in CONTRIBUTING.md).
///
/// A block with no `import` line may use the documented module (a DocC article's own module, a
/// guide's module, `ListKit` for the README) and Foundation; a block with any `import` line must
/// import everything it uses. `DocumentationBlockCompiler` typechecks each one with `swiftc`
/// against the modules `swift build` made.
///
/// UIKit and SwiftUI exist only on Apple platforms: a block that shows the example app's code is a
/// copy of a snippet region (`// snippet: <name>` … `// snippet-end`) of `Examples/ListKitExample`,
/// compiled there — its UIKit screens by `.ci/uikit-typecheck`, all of it by the iOS SDK check
/// described in Guides/ApplePlatforms.md — and shows the same imports as the example's file when it
/// shows any. Test targets may hold snippet regions too (code the tests run); each must still equal a
/// block, so none goes stale. The only blocks left out are marked `<!-- not compiled: reason -->` and
/// show code that is not ListKit's (the "before" of a migration).
@Suite struct DocumentationCodeBlockTests {
  /// The blocks the compiler checks: all but the left-out ones, the manifest and the example app's.
  static func compiledBlocks() throws -> [DocumentationSources.Block] {
    let exampleSnippets = try DocumentationSources.snippets().values.filter { $0.file.hasPrefix("Examples/") }
    return try DocumentationSources.swiftBlocks().filter { block in
      let code = DocumentationSources.splitImports(block.text).code
      return block.notCompiledBecause == nil && !block.isPackageManifest
        && !exampleSnippets.contains { $0.text == code }
    }
  }

  @Test func everySwiftBlockCompilesAsPrinted() async throws {
    let blocks = try DocumentationSources.swiftBlocks()
    let units = try DocumentationBlockCompiler.units(for: blocks).filter { unit in
      try Self.compiledBlocks().contains { $0.location == unit.location }
    }
    #expect(units.count >= 15, "the extraction found too few blocks to compile")
    let failures = try await DocumentationBlockCompiler.failures(of: units)
    for failure in failures {
      Issue.record(
        "\(failure.location): the block does not compile as printed:\n\(failure.output)\n--- the file:\n\(failure.source)"
      )
    }
  }

  @Test func appleOnlyBlocksAreTheExampleAppsCodeWithItsImports() throws {
    let compiled = Set(try Self.compiledBlocks().map(\.location))
    let snippets = try DocumentationSources.snippets().values.filter { $0.file.hasPrefix("Examples/") }
    for block in try DocumentationSources.swiftBlocks()
    where block.notCompiledBecause == nil && !block.isPackageManifest && !compiled.contains(block.location) {
      let (imports, code) = DocumentationSources.splitImports(block.text)
      let snippet = try #require(snippets.first { $0.text == code })
      // Shown imports are the example file's own: none missing, none it does not have.
      #expect(
        imports.isEmpty || Set(imports) == snippet.imports,
        "\(block.location) shows \(imports.sorted()), \(snippet.file) imports \(snippet.imports.sorted())")
    }
  }

  @Test func markersNameBlocksOnce() throws {
    var named: [String: String] = [:]
    for block in try DocumentationSources.swiftBlocks() {
      guard let name = block.name else { continue }
      let key = "\(block.file)#\(name)"
      #expect(named[key] == nil, "\(block.location): block name \(name) is taken by \(named[key] ?? "")")
      named[key] = block.location
    }
  }

  @Test func onlyCodeThatIsNotListKitsIsLeftUncompiled() throws {
    // The opt-out is for contrast ("the view controller before ListKit"): such a block must not
    // use ListKit's API, or it would be an unchecked ListKit example.
    let listKitNames = [
      "PagedList", "TableManager", "SectionManager", "ArrayDataSource", "HTTPPageLoader", "PagedSection",
    ]
    for block in try DocumentationSources.swiftBlocks() where block.notCompiledBecause != nil {
      let used = listKitNames.filter { block.text.contains($0) }
      #expect(used.isEmpty, "\(block.location) is not compiled but uses \(used)")
    }
  }

  @Test func everySnippetIsShownInTheDocumentation() throws {
    let blocks = Set(
      try DocumentationSources.swiftBlocks().map { DocumentationSources.splitImports($0.text).code })
    let unused = try DocumentationSources.snippets().filter { !blocks.contains($0.value.text) }.keys.sorted()
    #expect(unused.isEmpty, "snippets no document shows (stale copies): \(unused)")
  }

  @Test func snippetMarkersPairUp() throws {
    for file in try DocumentationSources.snippetFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let opens = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// snippet: ") }.count
      let closes = lines.filter { $0.trimmingCharacters(in: .whitespaces) == "// snippet-end" }.count
      #expect(opens == closes, "\(file.lastPathComponent): \(opens) openings, \(closes) ends")
    }
  }

  @Test func theExtractionFindsBlocksAndSnippets() throws {
    // Guards the two tests above against passing vacuously: a broken path or parser finds nothing.
    #expect(try DocumentationSources.swiftBlocks().count >= 15)
    #expect(try DocumentationSources.snippets().count >= 15)
  }
}
