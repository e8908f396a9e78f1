import Foundation
import ListKit
import ListKitDemoSupport
import ListKitSQLite
import ListKitTerminal
import ListKitTesting
import Testing

/// `--store DIR` and the o key: the demo keeps every photo seen in a SQLite database and opens
/// where the user left it, with the network down too.
@MainActor @Suite struct DemoStoreTests {
  let size = TerminalSize(columns: 80, rows: 30)

  /// A started screen; `requestsAtLaunch` is the number of page requests before its first
  /// drawing (which may reach the stored end and ask the network for more).
  func screen(_ arguments: [String]) async throws -> (screen: DemoScreen, requestsAtLaunch: Int) {
    guard case .run(let options) = try DemoOptions.parse(arguments + ["--latency", "0"]) else {
      preconditionFailure("--help")
    }
    let screen = try DemoScreen(options: options, size: size)
    await screen.start()?.value
    let requests = screen.network?.requestCount ?? 0
    _ = screen.render(size: size)
    return (screen, requests)
  }

  /// Presses `key` until the cursor is on the photo `id`, letting each page that showing rows
  /// asks for land; at most `limit` presses.
  func press(_ key: Key, on screen: DemoScreen, until id: Int, limit: Int = 400) async {
    for _ in 0..<limit where screen.highlightedPhoto?.id != id {
      _ = screen.handle(key)
      _ = screen.render(size: size)
      await screen.waitUntilIdle()
      _ = screen.render(size: size)
    }
  }

  func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("listkit-demo-store-\(UUID().uuidString)")
  }

  @Test func quittingAtPhoto150AndRelaunchingOfflineOpensOn150() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await screen(["--store", directory.path]).screen
    // Down past it and back, so the store holds photos on both sides of 150: a relaunch at the
    // stored end would rightly ask the network for the next page.
    await press(.down, on: first, until: 200)
    await press(.up, on: first, until: 150)
    #expect(first.highlightedPhoto?.id == 150)
    await first.leave()

    let (relaunched, requests) = try await screen(["--store", directory.path, "--offline"])
    #expect(relaunched.highlightedPhoto?.id == 150, "the relaunch opened elsewhere")
    #expect(requests == 0, "the relaunch asked the network")
    #expect(relaunched.render(size: size).text.contains(" 150 "))
    // Offline, the photos above come from the database, with no request.
    await relaunched.waitUntilIdle()
    _ = relaunched.render(size: size)
    await relaunched.waitUntilIdle()
    let requestsOnScreen = relaunched.network?.requestCount
    await press(.up, on: relaunched, until: 110)
    #expect(relaunched.highlightedPhoto?.id == 110)
    #expect(relaunched.network?.requestCount == requestsOnScreen)
    #expect(relaunched.list.loadStates.previous.error == nil)
    #expect(relaunched.diagnostics.isEmpty)
  }

  @Test func oTakesTheNetworkDownAndBringingItUpRetries() async throws {
    let screen = try await screen(["--count", "30", "--no-cache"]).screen
    #expect(screen.handle(.character("o")) == .handled)
    #expect(screen.render(size: size).lines.last?.text.contains("network down") == true)
    await screen.list.refresh()?.value
    #expect(screen.list.loadStates.refresh.error?.kind == .offline)
    #expect(screen.handle(.character("o")) == .handled)
    await screen.waitUntilIdle()
    #expect(screen.list.loadStates.refresh.error == nil, "bringing the network up did not retry")
    #expect(screen.list.items.count == 20)
  }

  @Test func editsMadeWithTheNetworkDownAreSentWhenItComesBack() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (screen, _) = try await screen(["--store", directory.path, "--count", "60"])
    let outbox = try #require(screen.outbox)
    #expect(screen.handle(.character("o")) == .handled)
    await press(.down, on: screen, until: 3)
    let likes = try #require(screen.highlightedPhoto).likes
    #expect(screen.handle(.character("l")) == .handled)
    await press(.down, on: screen, until: 5)
    #expect(screen.handle(.character("d")) == .handled)
    #expect(screen.handle(.character("n")) == .handled)
    await screen.storedLoader?.waitForWrites()
    #expect(screen.storedLoader?.pendingEdits().count == 3)
    #expect(
      screen.render(size: TerminalSize(columns: 300, rows: 30)).lines.last?.text.contains("3 unsent") == true)
    #expect(screen.list.items.first?.title == "New photo 1", "the post is not shown while offline")
    #expect(screen.list.items.first { $0.id == 3 }?.likes == likes + 1)
    #expect(!screen.list.items.contains { $0.id == 5 })

    #expect(screen.handle(.character("o")) == .handled)
    await outbox.send().value
    #expect(screen.storedLoader?.pendingEdits().isEmpty == true)
    #expect(outbox.state == .idle)
    // The server has them: a refresh brings the same.
    await screen.list.refresh()?.value
    #expect(screen.list.items.first { $0.id == 3 }?.likes == likes + 1)
    #expect(!screen.list.items.contains { $0.id == 5 })
    #expect(screen.list.items.first?.title == "New photo 1")
    #expect(screen.list.items.first.map { $0.id > 0 } == true, "the post kept its temporary id")
    #expect(screen.diagnostics.isEmpty)
  }

  @Test(.timeLimit(.minutes(5)))
  func editsTheServerRefusesRollBackWhenTheNetworkComesBack() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (screen, _) = try await screen(["--store", directory.path, "--count", "60"])
    // A server that refuses every edit (as `--fail-rate 1` makes it, which fails pages too).
    let refusing = DemoNetwork(
      DemoPhotoLoader(
        photos: PhotoDataSet.photos(count: 60, seed: PhotoDataSet.defaultSeed), latency: .zero, failRate: 1,
        seed: 1,
        clock: ContinuousClock()))
    let clock = TestClock()
    screen.outbox = screen.makeOutbox(sendingTo: refusing, clock: clock)
    let outbox = try #require(screen.outbox)
    refusing.isDown = true
    await press(.down, on: screen, until: 3)
    let likes = try #require(screen.highlightedPhoto).likes
    _ = screen.handle(.character("l"))
    // Offline: the like shows, waits on disk, and the outbox waits to try again.
    try await clock.waitForSleepers()
    #expect(outbox.state.isWaitingToRetry)
    #expect(screen.list.items.first { $0.id == 3 }?.likes == likes + 1)
    #expect(screen.storedLoader?.pendingEdits().count == 1)
    refusing.isDown = false
    await outbox.send().value
    #expect(screen.list.items.first { $0.id == 3 }?.likes == likes)
    #expect(screen.editNote.contains("refused"))
    #expect(screen.storedLoader?.pendingEdits().isEmpty == true)
  }

  @Test func theStoreCannotBeCombinedWithAStartOrAChat() {
    #expect(throws: DemoOptionsError.conflictingOptions("--store", "--chat")) {
      try DemoOptions.parse(["--store", "x", "--chat"])
    }
    #expect(throws: DemoOptionsError.conflictingOptions("--store", "--start-at")) {
      try DemoOptions.parse(["--store", "x", "--start-at", "3"])
    }
  }
}

extension EditOutboxState {
  fileprivate var isWaitingToRetry: Bool {
    if case .waitingToRetry = self { return true }
    return false
  }
}
