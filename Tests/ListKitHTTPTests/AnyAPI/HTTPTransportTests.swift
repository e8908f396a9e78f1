import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loader of the app's own keeps the loader's guarantees through `HTTPTransport`: status
/// errors with their kinds, the deadline on a clock, the size cap, cancellation and redaction.
@Suite struct HTTPTransportTests {
  /// A hand-written loader: its own URL and decoding, the transport's guarantees.
  struct RowLoader: PageLoader {
    var url: URL
    var transport: HTTPTransport

    func loadPage(_ request: PageRequest) async throws -> Page<TestItem> {
      var urlRequest = URLRequest(url: url)
      if let token = request.context.userToken {
        urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      }
      let response = try await transport.send(urlRequest, for: request)
      return Page(items: try JSONDecoder().decode([TestItem].self, from: response.body), hasMore: false)
    }
  }

  static let token = "s3cr3t-T0ken"
  static let request = PageRequest(
    position: .page(index: 1, size: 20), context: RequestContext(userToken: token), direction: .refresh)

  @Test func aSuccessReturnsTheBodyStatusAndHeaders() async throws {
    try await withServer { server in
      let response = try await HTTPTransport().send(
        URLRequest(url: server.url("/link?total=3")), for: Self.request)
      #expect(response.statusCode == 200)
      #expect(response.value(forHeader: "link")?.contains("rel=\"first\"") == true)
      #expect(try JSONDecoder().decode([TestItem].self, from: response.body).count == 3)
    }
  }

  @Test func a401IsUnauthorizedAndItsEchoedTokenIsRedacted() async throws {
    try await withServer { server in
      let lines = LogLines()
      let loader = RowLoader(url: server.url("/unauthorized"), transport: HTTPTransport(log: lines.append))
      let error = await #expect(throws: HTTPPageLoaderError.self) { try await loader.loadPage(Self.request) }
      guard case .unauthorized(401, let excerpt)? = error else {
        Issue.record("expected a 401, got \(String(describing: error))")
        return
      }
      #expect(error?.pagingErrorKind == .unauthorized)
      #expect(excerpt.contains("<redacted>") && !excerpt.contains(Self.token))
      #expect(!lines.all.isEmpty && lines.all.allSatisfy { !$0.contains(Self.token) })
    }
  }

  @Test func theDeadlineIsMeasuredOnTheClock() async throws {
    try await withServer { server in
      let clock = TestClock()
      let loader = RowLoader(
        url: server.url("/array?gate=never"), transport: HTTPTransport(timeout: .seconds(5), clock: clock))
      let load = Task { try await loader.loadPage(Self.request) }
      // The request is at the server and the deadline is set: only the clock can end it now.
      try await server.waitForArrivals(at: "never")
      try await clock.waitForSleepers()
      clock.advance(by: .seconds(5))
      await #expect(throws: HTTPPageLoaderError.timedOut(after: .seconds(5))) { try await load.value }
      try await server.waitForHangups(at: "never")
    }
  }

  @Test func aBodyOverTheCapIsRefused() async throws {
    try await withServer { server in
      let loader = RowLoader(
        url: server.url("/big?bytes=50000"), transport: HTTPTransport(maximumResponseBytes: 10_000))
      let error = await #expect(throws: HTTPPageLoaderError.self) { try await loader.loadPage(Self.request) }
      guard case .responseTooLarge(limit: 10_000, _)? = error else {
        Issue.record("expected responseTooLarge, got \(String(describing: error))")
        return
      }
      #expect(error?.pagingErrorKind == .badResponse)
    }
  }

  @Test func cancellingTheCallerCancelsTheRequest() async throws {
    try await withServer { server in
      let loader = RowLoader(url: server.url("/array?gate=cancelled"), transport: HTTPTransport())
      let load = Task { try await loader.loadPage(Self.request) }
      try await server.waitForArrivals(at: "cancelled")
      load.cancel()
      await #expect(throws: CancellationError.self) { try await load.value }
      try await server.waitForHangups(at: "cancelled")
    }
  }
}
