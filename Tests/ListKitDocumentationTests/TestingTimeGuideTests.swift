import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

/// The example of Guides/TestingTime.md, against a loopback server that never answers.
@Suite struct TestingTimeGuideTests {
  @Test func theLoadTimesOutAtItsDeadlineAndNotBefore() async throws {
    try await withServer { server in
      // The gate never opens: only the deadline can end the load (the request may not even
      // have reached the server by then, so the test does not wait for it there).
      try await expectTimeout(loading: server.url("/drf/page?gate=never"))
    }
  }

  // snippet: testing-time-main
  struct Photo: Decodable, Sendable {
    var id: Int
  }

  /// `url`: a server that does not answer.
  func expectTimeout(loading url: URL) async throws {
    let clock = TestClock()
    let loader = HTTPPageLoader<Photo>(baseURL: url, style: .array, timeout: .seconds(30), clock: clock)
    let load = Task {
      try await loader.loadPage(PageRequest(position: .offset(0, limit: 20), direction: .refresh))
    }
    try await clock.waitForSleepers()  // the load has set its deadline
    clock.advance(by: .seconds(30) - .milliseconds(1))
    #expect(clock.sleeperCount == 1)  // not a moment early
    clock.advance(by: .milliseconds(1))  // now it times out
    await #expect(throws: HTTPPageLoaderError.timedOut(after: .seconds(30))) { try await load.value }
  }
  // snippet-end
}
