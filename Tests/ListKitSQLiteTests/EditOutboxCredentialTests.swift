import Foundation
import ListKit
import ListKitHTTP
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// Lets `count` callers on only once all of them have arrived.
actor Barrier {
  private let count: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { self.count = count }

  func arrive() async {
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      if waiting.count == count {
        waiting.forEach { $0.resume() }
        waiting = []
      }
    }
  }
}

/// An outbox whose requests go through the app's `HTTPCredentialProvider`: a 401 of an edit and
/// a 401 of a page at the same moment make one token refresh, and both go again with the fresh
/// token.
@MainActor
@Suite struct EditOutboxCredentialTests {
  @Test func anEditAndAPageRefusedTogetherMakeOneRefresh() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100)
    let loader = StoreFixtures.loader(directory, server: StoreTestServer(count: 100))
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    list.applyPending(.update(id: 3) { $0.title = "liked" })

    let token = Locked("expired")
    let refreshes = Locked(0)
    let credentials = HTTPCredentialProvider(
      current: { _ in token.withLock { $0 } },
      refresh: { _, _ in
        refreshes.withLock { $0 += 1 }
        token.withLock { $0 = "fresh" }
        return "fresh"
      })
    // The server refuses the expired token, answering the edit and the page only once both came.
    let bothArrived = Barrier(2)
    @Sendable func server(_ sent: String?) async -> (status: Int, refused: Bool) {
      if sent == "expired" {
        await bothArrived.arrive()
        return (401, true)
      }
      return (200, false)
    }
    let outbox = EditOutbox(list: list, loader: loader) { _, context in
      let status = try await credentials.authorized(for: context) { token in
        let answer = await server(token)
        return (response: answer.status, refused: answer.refused)
      }
      return try EditAnswer(status: status)
    }
    async let page = credentials.authorized(for: list.context) { token in
      let answer = await server(token)
      return (response: answer.status, refused: answer.refused)
    }
    await outbox.send().value
    #expect(try await page == 200)
    #expect(refreshes.withLock { $0 } == 1)
    #expect(loader.pendingEdits().isEmpty)
    #expect(list.items[3].title == "liked")
  }
}
