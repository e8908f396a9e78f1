import Foundation
import ListKit
import ListKitDemoSupport
import ListKitTerminal
import Testing

/// `--chat` and `--start-at`: lists that open at an item and load earlier pages above it.
@MainActor @Suite struct DemoChatTests {
  func options(_ arguments: [String]) throws -> DemoOptions {
    guard case .run(let options) = try DemoOptions.parse(arguments) else {
      Issue.record("--help in \(arguments)")
      return DemoOptions()
    }
    return options
  }

  func screen(_ arguments: [String], rows: Int = 12) throws -> DemoScreen {
    let options = try options(arguments + ["--latency", "0", "--no-cache"])
    return try DemoScreen(
      options: options, loader: options.makeLoader(), cache: nil, size: TerminalSize(columns: 80, rows: rows))
  }

  @Test func aChatDumpPrintsTheWholeScreenFromItsTop() async throws {
    let options = try options(["--chat", "--dump", "--latency", "0", "--no-cache", "--width", "78"])
    let text = try await DemoScreen.dump(options: options, loader: options.makeLoader())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // A chat shows the photos alone; the newest page, printed from its top (not blank lines).
    #expect(lines.first?.hasPrefix("── Photos ─") == true, "\(lines.prefix(3))")
    #expect(lines.filter { $0.contains(" · ♥ ") }.count >= 10)
    #expect(lines.contains { $0.hasPrefix(" 237 ") }, "\(lines.suffix(2))")
  }

  @Test func theFlagsParseIntoAnAnchor() throws {
    #expect(try options(["--start-at", "57"]).anchor == .item(id: 57))
    #expect(try options(["--chat", "--count", "90"]).anchor == .item(id: 90))
    #expect(try options(["--chat", "--start-at", "12"]).anchor == .item(id: 12))
    #expect(try options([]).anchor == .top)
    #expect(throws: DemoOptionsError.conflictingOptions("--chat", "--url")) {
      try DemoOptions.parse(["--chat", "--url", "https://example.com/photos"])
    }
    #expect(throws: DemoOptionsError.self) { try DemoOptions.parse(["--start-at", ""]) }
    #expect(DemoOptions.usage.contains("--chat") && DemoOptions.usage.contains("--start-at ID"))
  }

  @Test func startAtOpensThePageOfThatPhotoAndLoadsBothWays() async throws {
    let size = TerminalSize(columns: 80, rows: 12)
    let screen = try screen(["--start-at", "57", "--count", "100", "--page-size", "20"], rows: size.rows)
    await screen.start()?.value
    #expect(screen.list.items.map(\.id) == Array(41...60))
    #expect(screen.list.hasPrevious && screen.list.hasMore)
    // Photo 57 opens on screen (as high as the content lets it: the page ends three photos
    // later), under the summary above it, with the cursor on it.
    let opening = screen.render(size: size).lines.map(\.text)
    #expect(opening.dropLast().contains { $0.hasPrefix("  57 ") }, "\(opening)")
    #expect(!opening.contains { $0.contains("photos loaded") }, "the summary at the top is off screen")
    let cursor = screen.listView.highlightedPath.flatMap { screen.listView.cellForItem(at: $0) as? PhotoCell }
    #expect(cursor?.photo?.id == 57)
    // Its rows are close to the end of the page (not the top): only the next page loaded.
    await screen.list.idle()
    #expect(screen.list.items.map(\.id) == Array(41...80))
    #expect(screen.render(size: size).lines.map(\.text).dropLast() == opening.dropLast())
    await screen.list.loadPreviousPage()?.value
    #expect(screen.list.items.map(\.id) == Array(21...80))
    #expect(
      screen.render(size: size).lines.map(\.text).dropLast() == opening.dropLast(),
      "the older page came above without moving the screen")
  }

  /// The dump of a list opened at a photo is the whole screen, like any other dump: the title
  /// and summary lines, then every loaded photo, the page of the start photo and the pages asked
  /// for after it.
  @Test(arguments: [1, 3])
  func aDumpStartedAtAPhotoPrintsTheTitleAndEveryLoadedPhoto(pages: Int) async throws {
    let options = try options([
      "--start-at", "120", "--dump", "--pages", "\(pages)", "--latency", "0", "--no-cache",
    ])
    let text = try await DemoScreen.dump(options: options, loader: options.makeLoader())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first?.hasPrefix("── ListKit demo — photos ") == true, "\(lines.prefix(3))")
    #expect(lines.dropFirst().first?.contains("photos loaded") == true, "\(lines.prefix(3))")
    let photoRows = lines.drop { !$0.hasPrefix("── Photos ") }
    let photos = photoRows.compactMap { Int($0.prefix(5).trimmingCharacters(in: .whitespaces)) }
    #expect(photos.contains(120), "\(lines)")
    #expect(photos.count == 20 * pages, "\(photos)")
  }

  @Test func aChatOpensAtTheNewestPhotoAtTheBottomAndOlderPagesLoadAboveWithoutMovingTheScreen()
    async throws
  {
    let size = TerminalSize(columns: 80, rows: 12)
    let screen = try screen(["--chat", "--count", "100", "--page-size", "20"], rows: size.rows)
    await screen.start()?.value
    #expect(screen.list.items.map(\.id) == Array(81...100))
    let opening = screen.render(size: size).lines.map(\.text)
    #expect(opening.dropLast().contains { $0.hasPrefix(" 100 ") }, "the newest photo is on screen")
    // Up to the top: showing the oldest loaded photo asks for the page before it.
    #expect(screen.handle(.home) == .handled)
    let atTop = screen.render(size: size).lines.map(\.text).dropLast()
    let older = try #require(screen.list.loadTask(of: .previousPage))
    await older.value
    let afterLoad = screen.render(size: size).lines.map(\.text).dropLast()
    #expect(screen.list.items.map(\.id) == Array(61...100))
    // At the top, the status row says older photos load; when they came, every photo stayed on
    // its line and only the section header and the status row above them gave way to 79 and 80.
    #expect(atTop.first?.hasPrefix("── Photos") == true)
    #expect(atTop.dropFirst().first?.contains("Loading older…") == true, "\(atTop)")
    #expect(afterLoad.dropFirst(2) == atTop.dropFirst(2), "the screen jumped")
    #expect(afterLoad.prefix(2).map { $0.prefix(5) } == ["  79 ", "  80 "])
  }
}
