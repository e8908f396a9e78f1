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
    #expect(try options(["--start-at", "57"]).anchor == .item(id: "57"))
    #expect(try options(["--chat", "--count", "90"]).anchor == .item(id: "90"))
    #expect(try options(["--chat", "--start-at", "12"]).anchor == .item(id: "12"))
    #expect(try options([]).anchor == .top)
    #expect(throws: DemoOptionsError.conflictingOptions("--chat", "--url")) {
      try DemoOptions.parse(["--chat", "--url", "https://example.com/photos"])
    }
    #expect(throws: DemoOptionsError.self) { try DemoOptions.parse(["--start-at", ""]) }
    #expect(DemoOptions.usage.contains("--chat") && DemoOptions.usage.contains("--start-at ID"))
  }

  @Test func startAtOpensThePageOfThatPhotoAndLoadsBothWays() async throws {
    let screen = try screen(["--start-at", "57", "--count", "100", "--page-size", "20"])
    await screen.start()?.value
    #expect(screen.list.items.map(\.id) == Array(41...60))
    #expect(screen.list.hasPrevious && screen.list.hasMore)
    await screen.list.loadPreviousPage()?.value
    await screen.list.loadNextPage()?.value
    #expect(screen.list.items.map(\.id) == Array(21...80))
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
    // Every photo stays on its line; only the section header above them gave way to photo 80.
    #expect(atTop.first?.hasPrefix("── Photos") == true)
    #expect(afterLoad.dropFirst() == atTop.dropFirst(), "the screen jumped")
    #expect(afterLoad.first?.hasPrefix("  80 ") == true)
  }
}
