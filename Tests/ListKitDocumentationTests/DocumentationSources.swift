import Foundation

/// Finds the documentation's Swift blocks and the repository's snippets.
enum DocumentationSources {
  /// A fenced ```swift block of a Markdown file.
  ///
  /// HTML comment lines right above the fence (see CONTRIBUTING.md) say how it is checked:
  /// `<!-- block: name -->` names it, `<!-- continues: name -->` makes it the continuation of the
  /// document's earlier block of that name, and `<!-- not compiled: reason -->` leaves it out.
  struct Block {
    /// The Markdown file, relative to the repository's root.
    var file: String
    /// `file:line` of the block's first line.
    var location: String
    /// The block's lines, trailing spaces dropped and runs of spaces inside a line made one (for
    /// comparing it with a snippet).
    var text: String
    /// The block exactly as printed.
    var printed: String
    /// Why the block is not compiled, from a `<!-- not compiled: reason -->` line right above it;
    /// only for code that is not ListKit's, such as the view controller ListKit replaces.
    var notCompiledBecause: String?
    /// The block's name, from `<!-- block: name -->`.
    var name: String?
    /// The name of the earlier block of the same document this one continues, from
    /// `<!-- continues: name -->`.
    var continues: String?
  }

  struct ExtractionError: Error, CustomStringConvertible {
    var description: String
  }

  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md, Examples/README.md, Guides/*.md and every DocC catalog's articles.
  static func markdownFiles() throws -> [URL] {
    var found = [root.appendingPathComponent("README.md"), root.appendingPathComponent("Examples/README.md")]
    found += try files(under: "Guides", extension: "md")
    found += try files(under: "Sources", extension: "md").filter { $0.path.contains(".docc/") }
    return found
  }

  /// The files snippets may live in: the test targets (compiled and run by `swift test`) and the
  /// example app (its UIKit screens typechecked by `.ci/uikit-typecheck`).
  static func snippetFiles() throws -> [URL] {
    try files(under: "Tests", extension: "swift")
      + files(under: "Examples/ListKitExample", extension: "swift")
  }

  static func swiftBlocks() throws -> [Block] {
    var blocks: [Block] = []
    for file in try markdownFiles() {
      let lines = try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      var index = 0
      while index < lines.count {
        guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
          index += 1
          continue
        }
        let start = index + 1
        var end = start
        while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
        guard end < lines.count else {
          throw ExtractionError(description: "\(relative(file)):\(index + 1): unclosed ```swift block")
        }
        let markers = self.markers(above: index, in: lines)
        blocks.append(
          Block(
            file: relative(file), location: "\(relative(file)):\(start)",
            text: normalized(lines[start..<end]),
            printed: lines[start..<end].joined(separator: "\n"), notCompiledBecause: markers["not compiled"],
            name: markers["block"], continues: markers["continues"]))
        index = end + 1
      }
    }
    return blocks
  }

  /// The `<!-- key: value -->` lines right above line `index` (blank lines between them allowed),
  /// as key → value.
  private static func markers(above index: Int, in lines: [Substring]) -> [String: String] {
    var found: [String: String] = [:]
    var line = index - 1
    while line >= 0 {
      let text = lines[line].trimmingCharacters(in: .whitespaces)
      line -= 1
      if text.isEmpty { continue }
      guard text.hasPrefix("<!-- "), text.hasSuffix(" -->"), let colon = text.firstIndex(of: ":") else {
        break
      }
      let key = text[text.index(text.startIndex, offsetBy: 5)..<colon]
      let value = text[text.index(after: colon)..<text.index(text.endIndex, offsetBy: -4)]
      found[String(key)] = value.trimmingCharacters(in: .whitespaces)
    }
    return found
  }

  /// The module a document is about: a block with no `import` line may use it (and Foundation).
  ///
  /// A DocC article documents its catalog's module; a guide, the module named here; the README,
  /// `ListKit`.
  static func documentedModule(of file: String) -> String {
    if file.hasPrefix("Sources/"), let module = file.split(separator: "/").dropFirst().first {
      return String(module)
    }
    let guides = [
      "Guides/Diffing.md": "ListDiff", "Guides/Caching.md": "ListKitCache", "Guides/HTTP.md": "ListKitHTTP",
      "Guides/HeadlessTableView.md": "ListKitTesting", "Guides/TestingTime.md": "ListKitTesting",
      "Guides/Terminal.md": "ListKitTerminal", "Guides/ApplePlatforms.md": "ListKitUIKit",
      "Guides/Offline.md": "ListKitSQLite",
    ]
    return guides[file] ?? "ListKit"
  }

  /// A region of a Swift file between `// snippet: <name>` and `// snippet-end`.
  struct Snippet {
    /// The region's code, dedented.
    var text: String
    /// The modules the file imports: a document may show them above the snippet's code.
    var imports: Set<String>
    /// The file, relative to the repository's root.
    var file: String
  }

  /// Snippet name → the snippet.
  static func snippets() throws -> [String: Snippet] {
    var snippets: [String: Snippet] = [:]
    for file in try snippetFiles() {
      let lines = try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      let imports = Set(lines.filter { $0.hasPrefix("import ") }.map { String($0) })
      var index = 0
      while index < lines.count {
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("// snippet: ") else {
          index += 1
          continue
        }
        let name = String(line.dropFirst("// snippet: ".count))
        var end = index + 1
        while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "// snippet-end" {
          end += 1
        }
        guard end < lines.count else {
          throw ExtractionError(description: "\(relative(file)):\(index + 1): snippet \(name) has no end")
        }
        guard snippets[name] == nil else {
          throw ExtractionError(description: "\(relative(file)):\(index + 1): snippet \(name) defined twice")
        }
        snippets[name] = Snippet(
          text: normalized(dedent(lines[(index + 1)..<end])), imports: imports, file: relative(file))
        index = end + 1
      }
    }
    return snippets
  }

  /// A block's leading `import` lines and the code after them (blank lines between dropped).
  static func splitImports(_ text: String) -> (imports: [String], code: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    var imports: [String] = []
    while let first = lines.first, first.hasPrefix("import ") || first.isEmpty {
      if !first.isEmpty { imports.append(String(first)) }
      lines = lines.dropFirst()
    }
    return (imports, lines.joined(separator: "\n"))
  }

  private static func dedent(_ lines: ArraySlice<Substring>) -> [Substring] {
    let indent =
      lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return lines.map { $0.count >= indent ? $0.dropFirst(indent) : "" }
  }

  /// Trailing spaces dropped and runs of spaces inside a line made one, so a document may align
  /// its comments where `swift format` gives the snippet single spaces.
  private static func normalized<Lines: Sequence<Substring>>(_ lines: Lines) -> String {
    lines.map { line in
      let indent = line.prefix { $0 == " " }
      let words = line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: true)
      return words.isEmpty ? "" : String(indent) + words.joined(separator: " ")
    }.joined(separator: "\n")
  }

  private static func files(under folder: String, extension fileExtension: String) throws -> [URL] {
    let base = root.appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
      throw ExtractionError(description: "cannot list \(folder)")
    }
    return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == fileExtension }
      .sorted { $0.path < $1.path }
  }

  static func relative(_ file: URL) -> String {
    String(file.path.dropFirst(root.path.count + 1))
  }
}
