import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

/// The README's and the guides' main examples are the code in this folder: each test below runs
/// one against the loopback server, and `theDocumentsShowTheCompiledExamples` fails when a
/// document's code block and its source here differ.
@MainActor @Suite struct GuideExampleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The lines between `// example: name` and `// end example` in a source file, unindented.
  static func region(_ name: String, in file: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let start = try #require(
      lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// example: \(name)" })
    let end = try #require(
      lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// end example" })
    let body = lines[(start + 1)..<end]
    let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
  }

  /// The Swift code block after `<!-- example: name … -->` in a document, without its imports.
  static func block(_ name: String, in document: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let marker = try #require(lines.firstIndex { $0.hasPrefix("<!-- example: \(name) ") })
    let open = try #require(lines[marker...].firstIndex { $0 == "```swift" })
    let close = try #require(lines[(open + 1)...].firstIndex { $0 == "```" })
    var code = Array(lines[(open + 1)..<close])
    while let first = code.first, first.hasPrefix("import ") || first.isEmpty { code.removeFirst() }
    return code
  }

  @Test(arguments: [
    ("readme-screen", "Tests/ListKitHTTPTests/GuideExamples/ReadmeExample.swift", "README.md"),
    ("paging-main", "Tests/ListKitHTTPTests/GuideExamples/PagingGuideExample.swift", "Guides/Paging.md"),
    ("http-main", "Tests/ListKitHTTPTests/GuideExamples/HTTPGuideExample.swift", "Guides/HTTP.md"),
  ])
  func theDocumentsShowTheCompiledExamples(name: String, source: String, document: String) throws {
    let shown = try Self.block(name, in: document)
    let compiled = try Self.region(name, in: source)
    #expect(shown == compiled, "\(document)'s example \(name) differs from \(source)")
  }

  /// Waits for the refresh in flight to end (the stream starts with the current state).
  func refreshEnded(_ list: PagedList<some Identifiable & Sendable>) async {
    for await state in list.stateChanges() where !state.refreshState.isLoading { break }
  }

  @Test func theReadmeScreenLoadsADjangoListIntoTheView() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await withServer { server in
      let view = HeadlessTableView(viewportHeight: 440)
      let screen = try ReadmeExample.PhotoScreen(
        listView: view, api: server.url("/drf/page?total=45"), token: "readme-token",
        cacheDirectory: directory)
      await refreshEnded(screen.photos)
      #expect(screen.photos.items.map(\.id) == Array(0..<20))
      #expect(screen.photos.totalCount == 45)
      screen.table.update()
      #expect(view.numberOfItems(inSection: 0) ?? 0 >= 20)
      #expect(view.violations.isEmpty)
      await screen.photos.waitForCacheWrites()
      #expect(screen.photos.lastCacheSaveError == nil)
    }
  }

  @Test func thePagingGuideShowsNOfMAndSignsOutOnA401() async throws {
    try await withServer { server in
      let model = try PagingGuideExample.PhotosModel(api: server.url("/drf/page?total=45"), token: "t0k3n")
      await model.photos.start()?.value
      #expect(model.footer == "20 of 45")

      let expired = try PagingGuideExample.PhotosModel(api: server.url("/unauthorized"), token: "expired")
      var signIns = 0
      expired.showSignIn = { signIns += 1 }
      await expired.photos.start()?.value
      // The 401 signed the user out: the list switched to no token and asked again.
      try #require(expired.photos.context.userToken == nil, "the 401 did not sign out")
      await refreshEnded(expired.photos)
      #expect(signIns == 1, "signed out once, not again for the signed-out list's own 401")
      #expect(expired.photos.refreshState.error?.kind == .unauthorized)
      #expect(expired.footer == "Please sign in again.")
      #expect(expired.photos.items.isEmpty)
    }
  }

  @Test func theHTTPGuideListPagesToTheEnd() async throws {
    try await withServer { server in
      let api = HTTPGuideExample.PhotoAPI(photosURL: server.url("/drf/page?total=45"))
      let photos = try api.makeList(token: "t")
      await photos.start()?.value
      for _ in 0..<5 {
        guard let next = photos.loadNextPage() else { break }
        await next.value
      }
      #expect(photos.items.map(\.id) == Array(0..<45))
      #expect(photos.totalCount == 45)
      #expect(photos.nextPageState == .reachedEnd)
    }
  }
}
