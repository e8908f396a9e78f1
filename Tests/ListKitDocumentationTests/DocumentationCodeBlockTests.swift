import Foundation
import Testing

/// Every Swift code block in the documentation is a copy of a snippet that is compiled — and, where
/// Linux can run it, run — somewhere in the repository, so no example can use an undefined or
/// test-only name.
///
/// A snippet is a region of a Swift file between `// snippet: <name>` and `// snippet-end`, in
/// a test target (compiled and run by `swift test`) or in `Examples/ListKitExample` (its UIKit
/// screens are typechecked by `.ci/uikit-typecheck`; its SwiftUI screens by the iOS SDK check
/// described in Guides/ApplePlatforms.md). A documentation block matches a snippet when the two are
/// equal line by line, after removing the snippet's common indentation. The only blocks left out are
/// marked `<!-- not compiled: reason -->` and show code that is not ListKit's (the "before" of a
/// migration).
@Suite struct DocumentationCodeBlockTests {
  @Test func everySwiftBlockInTheDocumentationIsACompiledSnippet() throws {
    let snippets = try DocumentationSources.snippets()
    var unmatched: [String] = []
    for block in try DocumentationSources.swiftBlocks()
    where block.notCompiledBecause == nil && !block.isPackageManifest {
      // A block may show, above the code, imports the snippet's file has.
      let (imports, code) = DocumentationSources.splitImports(block.text)
      let held = snippets.values.contains { $0.text == code && $0.imports.isSuperset(of: imports) }
      if !held { unmatched.append("\(block.location): no snippet holds this block:\n\(block.text)") }
    }
    if !unmatched.isEmpty {
      Issue.record("\(unmatched.count) unchecked block(s):\n\(unmatched.joined(separator: "\n\n"))")
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
