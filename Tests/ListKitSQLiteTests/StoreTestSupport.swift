import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An item of the stored lists under test.
struct StoredItem: Codable, Identifiable, Sendable, Equatable {
  var id: Int
  var title: String
}

/// A server of `count` items in page-index style (pages from 0), which counts its requests, can
/// go offline, and can hold requests until a test lets them go.
final class StoreTestServer: PageLoader, Sendable {
  struct Offline: Error, Equatable {}

  private struct State {
    var items: [StoredItem]
    var online = true
    var requests: [PageRequest] = []
    var holding = false
    var held: [CheckedContinuation<Void, Never>] = []
    var heldWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state: Locked<State>

  init(count: Int, firstID: Int = 0, title: String = "item") {
    state = Locked(
      State(items: (firstID..<firstID + count).map { StoredItem(id: $0, title: "\(title) \($0)") }))
  }

  /// The requests answered or held so far.
  var requests: [PageRequest] { state.withLock { $0.requests } }

  /// Takes the network down (`false`) or up.
  func setOnline(_ online: Bool) { state.withLock { $0.online = online } }

  /// Replaces the server's items (a refresh then sees them).
  func setItems(_ items: [StoredItem]) { state.withLock { $0.items = items } }

  /// From now on, every request waits for ``release()``.
  func hold() { state.withLock { $0.holding = true } }

  /// Lets every held request go, and stops holding.
  func release() {
    let held = state.withLock { state in
      state.holding = false
      defer { state.held = [] }
      return state.held
    }
    for continuation in held { continuation.resume() }
  }

  /// Returns once `count` requests are held.
  func waitUntilHeld(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.held.count >= count { return true }
        state.heldWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func loadPage(_ request: PageRequest) async throws -> Page<StoredItem> {
    let mustWait = state.withLock { state in
      state.requests.append(request)
      return state.holding
    }
    if mustWait {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state in
          state.held.append(continuation)
          let count = state.held.count
          let (ready, waiting) = state.heldWaiters.partitioned { $0.count <= count }
          state.heldWaiters = waiting
          return ready
        }
        for waiter in ready { waiter.continuation.resume() }
      }
    }
    return try state.withLock { state in
      guard state.online else { throw Offline() }
      guard case .page(let index, let size) = request.position else {
        Issue.record("the store asked for \(request.position)")
        throw Offline()
      }
      let start = min(index * size, state.items.count)
      let end = min(start + size, state.items.count)
      return Page(items: Array(state.items[start..<end]), hasMore: end < state.items.count)
    }
  }
}

extension Array {
  fileprivate func partitioned(_ belongs: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
    var matching: [Element] = []
    var rest: [Element] = []
    for element in self { if belongs(element) { matching.append(element) } else { rest.append(element) } }
    return (matching, rest)
  }
}

enum StoreFixtures {
  static let listName = "feed"

  /// A fresh folder under the system's temporary folder; the test removes it.
  static func temporaryDirectory(_ function: String = #function) -> URL {
    let name = "listkit-store-tests-\(function.prefix { $0.isLetter })-\(UUID().uuidString)"
    return FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
  }

  static func remove(_ directory: URL) {
    chmod(directory.path, 0o700)
    try? FileManager.default.removeItem(at: directory)
  }

  static func items(_ range: Range<Int>, title: String = "item") -> [StoredItem] {
    range.map { StoredItem(id: $0, title: "\(title) \($0)") }
  }

  /// Writes `count` items (ids from 0) into `user`'s database as a refresh would, with the network
  /// continuing at page `count / pageSize`.
  static func seed(
    _ directory: URL, user: UserIdentity? = nil, count: Int, pageSize: Int = 50, refreshedAt: Date = Date()
  ) async throws {
    let store = SQLiteListStore(directory: directory, user: user)
    let encoder = JSONEncoder()
    let rows = try items(0..<count).map { (id: String($0.id), body: try encoder.encode($0)) }
    _ = try await store.read(listName, from: .top, limit: 1, itemVersion: 1)
    _ = try await store.replaceHead(
      listName, rows: rows, continuing: .page(count / pageSize), hasMore: true, refreshedAt: refreshedAt)
  }

  static func configuration(pageSize: Int = 50, maximumItemCount: Int? = nil) throws -> PagingConfiguration {
    try PagingConfiguration(
      style: .cursor, pageSize: pageSize, maximumItemCount: maximumItemCount,
      refreshMode: .aroundLastViewedItem)
  }

  static func loader(
    _ directory: URL, server: StoreTestServer, pageSize: Int = 50,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> StoredPageLoader<StoredItem> {
    StoredPageLoader(
      listName: listName, directory: directory, remote: server, remoteStyle: .pageIndex(firstIndex: 0),
      remotePageSize: pageSize, now: now)
  }

  /// The ids shown, checked to be consecutive (no gap, no duplicate).
  @MainActor
  static func expectConsecutive(
    _ list: PagedList<StoredItem>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let ids = list.items.map(\.id)
    guard let first = ids.first else { return }
    #expect(ids == Array(first..<first + ids.count), sourceLocation: sourceLocation)
  }
}
