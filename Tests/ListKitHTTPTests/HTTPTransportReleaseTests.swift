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
///
/// A session becomes invalid once its transport is gone and its last task has ended; a task that
/// never ends keeps it (and its delegate) alive, and its delegate never hears of the invalidation.
@Suite struct HTTPTransportReleaseTests {
  @Test(.timeLimit(.minutes(5)))  // NB: a hang guard, not a timing assertion
  func aTransportReleasedRightAfterACancelledSendReleasesItsSession() async throws {
    let rounds = 40
    let (invalidations, invalidated) = AsyncStream.makeStream(of: Void.self)
    try await withServer { server in
      let request = URLRequest(url: server.url("/array?page=1&page_size=3"))
      for _ in 0..<rounds {
        let transport = URLSessionTransport(
          configuration: .ephemeral, invalidated: { invalidated.yield() })
        let load = Task {
          await transport.send(
            request, limit: 65_536, deadline: .seconds(600), clock: LoaderClock(TestClock()))
        }
        load.cancel()
        _ = await load.value
      }
      // Each transport is released at the end of its round. A leak never ends this wait; the
      // time limit fails the test then.
      var count = 0
      for await _ in invalidations {
        count += 1
        if count == rounds { break }
      }
      #expect(count == rounds, "\(rounds - count) of \(rounds) released transports kept their session")
    }
  }
}
