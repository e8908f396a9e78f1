import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport released while its work is still queued leaves nothing behind.
///
/// A cancelled send returns at once, before the work that makes its URL session task has run.
/// When the transport was released in that gap, it invalidated its session first, and the task
/// made afterwards on the invalidated session never completed: the session, its delegate and
/// the exchange kept each other alive for the rest of the process (LeakSanitizer found them after
/// `HTTPCancelRaceTests`; on Apple's platforms, a task made on an invalidated session is an
/// exception).
@Suite struct HTTPTransportReleaseTests {
  /// Holds a session weakly.
  final class WeakSession: @unchecked Sendable {
    weak var session: URLSession?
    init(_ session: URLSession) { self.session = session }
  }

  @Test func aTransportReleasedRightAfterACancelledSendReleasesItsSession() async throws {
    let rounds = 40
    try await withServer { server in
      let request = URLRequest(url: server.url("/array?page=1&page_size=3"))
      var sessions: [WeakSession] = []
      for _ in 0..<rounds {
        let released: WeakSession = await {
          let transport = URLSessionTransport(configuration: .ephemeral)
          let load = Task {
            await transport.send(
              request, limit: 65_536, deadline: .seconds(600), clock: LoaderClock(TestClock()))
          }
          load.cancel()
          _ = await load.value
          return WeakSession(transport.session)
        }()
        sessions.append(released)
      }
      // An invalidated session is released once its delegate has heard of the invalidation, on
      // the session's own queues: waited for here, with a bound only a leak reaches.
      let deadline = ContinuousClock.now + .seconds(120)
      while sessions.contains(where: { $0.session != nil }), ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(20))
      }
      let kept = sessions.filter { $0.session != nil }.count
      #expect(kept == 0, "\(kept) of \(rounds) released transports kept their session alive")
    }
  }
}
