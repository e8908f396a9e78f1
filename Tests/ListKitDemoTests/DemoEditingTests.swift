import Foundation
import ListKit
import ListKitDemoSupport
import ListKitTerminal
import ListKitTesting
import Testing

/// The demo's edit keys: l likes, d deletes, n posts at the top, and in `--chat` a typed line
/// is sent with Enter; each shows at once and the built-in "server" keeps or refuses it.
@MainActor @Suite struct DemoEditingTests {
  let size = TerminalSize(columns: 80, rows: 30)

  func screen(_ arguments: [String]) async throws -> DemoScreen {
    guard case .run(let options) = try DemoOptions.parse(arguments + ["--latency", "0", "--no-cache"]) else {
      preconditionFailure("--help")
    }
    let screen = try DemoScreen(options: options, loader: options.makeLoader(), cache: nil, size: size)
    await screen.start()?.value
    _ = screen.render(size: size)
    return screen
  }

  /// Moves the cursor down to the photo with `id`.
  func moveCursor(on screen: DemoScreen, to id: Int) {
    screen.listView.moveCursor(.first)
    for _ in 0..<60 where screen.highlightedPhoto?.id != id { screen.listView.moveCursor(.down) }
  }

  func row(of id: Int, on screen: DemoScreen) -> String? {
    screen.render(size: size).lines.map(\.text).first {
      $0.hasPrefix(String(repeating: " ", count: max(0, 4 - String(id).count)) + "\(id) ")
    }
  }

  @Test func lLikesThePhotoAtOnceAndTheServerKeepsIt() async throws {
    let screen = try await screen(["--count", "40"])
    moveCursor(on: screen, to: 3)
    let before = try #require(screen.list.items.first { $0.id == 3 })
    #expect(screen.handle(.character("l")) == .handled)
    #expect(screen.list.items.first { $0.id == 3 }?.likes == before.likes + 1, "not shown at once")
    await screen.editsFinished()
    #expect(screen.list.items.first { $0.id == 3 }?.likes == before.likes + 1)
    #expect(screen.editNote == "like of 3 saved")
    // The server has it: a refresh brings the same count.
    await screen.list.refresh()?.value
    #expect(screen.list.items.first { $0.id == 3 }?.likes == before.likes + 1)
    #expect(screen.diagnostics.isEmpty)
  }

  @Test func aRefusedLikeRollsBackVisibly() async throws {
    let screen = try await screen(["--count", "40"])
    screen.editor = DemoPhotoLoader(
      photos: [], latency: .zero, failRate: 1, seed: 1, clock: ContinuousClock())
    moveCursor(on: screen, to: 6)
    let likes = try #require(screen.list.items.first { $0.id == 6 }).likes
    _ = screen.handle(.character("l"))
    let liked = try #require(row(of: 6, on: screen))
    await screen.editsFinished()
    let rolledBack = try #require(row(of: 6, on: screen))
    #expect(liked != rolledBack)
    #expect(screen.list.items.first { $0.id == 6 }?.likes == likes)
    #expect(screen.editNote == "like of 6 failed, rolled back")
    #expect(screen.render(size: size).lines.last?.text.contains("like of 6 failed, rolled back") == true)
  }

  @Test func dDeletesAndNAddsAtTheTopUnderTheServersID() async throws {
    let screen = try await screen(["--count", "40"])
    moveCursor(on: screen, to: 2)
    _ = screen.handle(.character("d"))
    #expect(!screen.list.items.contains { $0.id == 2 }, "not removed at once")
    _ = screen.handle(.character("n"))
    #expect(screen.list.items.first?.id ?? 0 < 0, "the new photo is not at the top at once")
    await screen.editsFinished()
    #expect(screen.list.items.first?.id == 41, "the server's id did not replace the temporary one")
    await screen.list.refresh()?.value
    #expect(screen.list.items.prefix(3).map(\.id) == [41, 1, 3])
    #expect(screen.diagnostics.isEmpty)
  }

  @Test func inAChatTypingAndEnterSendsAMessageThatShowsAtTheBottomAtOnce() async throws {
    let screen = try await screen(["--chat", "--count", "100", "--page-size", "20"])
    for character in "Hi there" { _ = screen.handle(.character(character)) }
    #expect(screen.draft == "Hi there")
    #expect(screen.render(size: size).lines.last?.text.contains("› Hi there") == true)
    #expect(screen.handle(.enter) == .handled)
    #expect(screen.list.items.last?.title == "Hi there" && screen.list.items.last!.id < 0)
    #expect(screen.draft.isEmpty)
    let lines = screen.render(size: size).lines.map(\.text).dropLast()
    #expect(lines.contains { $0.contains("Hi there") }, "the message is not on screen")
    await screen.editsFinished()
    #expect(screen.list.items.last?.id == 101 && screen.list.items.last?.title == "Hi there")
    // The newest pages again (the message is the first of the page after the anchor's): the
    // server's copy, once.
    // (After the refresh the section scrolls to the anchor, which may start the next page
    // itself; loadNextPage() then starts nothing, and idle() waits for whichever runs.)
    await screen.list.refresh()?.value
    _ = screen.list.loadNextPage()
    await screen.list.idle()
    #expect(screen.list.items.filter { $0.title == "Hi there" }.map(\.id) == [101])
    #expect(screen.diagnostics.isEmpty)
  }
}
