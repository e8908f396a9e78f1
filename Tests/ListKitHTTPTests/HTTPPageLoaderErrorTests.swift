import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every failure is an HTTPPageLoaderError an app can act on.
@Suite struct HTTPPageLoaderErrorTests {
  let firstPage = PageRequest(position: .page(index: 1, size: 20), direction: .refresh)

  /// Loads the first page and returns what it threw.
  func failure(
    _ loader: HTTPPageLoader<TestItem>, _ request: PageRequest? = nil
  ) async -> (any Error)? {
    do {
      _ = try await loader.loadPage(request ?? firstPage)
      return nil
    } catch {
      return error
    }
  }

  @Test func serverErrorCarriesTheStatusAndABodyExcerptThenTheRetrySucceeds() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/flaky?key=retry&fail=1"), style: .envelope())
      let error = await failure(loader)
      guard case .httpStatus(500, let excerpt) = error as? HTTPPageLoaderError else {
        Issue.record("expected HTTP 500, got \(String(describing: error))")
        return
      }
      #expect(excerpt.contains("the database is on fire"))
      let page = try await loader.loadPage(firstPage)
      #expect(page.items.map(\.id) == Array(0..<20))
    }
  }

  @Test func otherStatusesAreReportedWithTheirCode() async throws {
    try await withServer { server in
      // 429 is `.rateLimited` (HTTPRateLimitTests); a 503 without Retry-After is a status.
      for code in [404, 503] {
        let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/status?code=\(code)"), style: .array)
        guard case .httpStatus(code, let excerpt) = await failure(loader) as? HTTPPageLoaderError else {
          Issue.record("expected HTTP \(code)")
          continue
        }
        #expect(excerpt.hasPrefix("status page for"))
      }
    }
  }

  @Test func malformedJSONIsADecodingFailureAtTheTopLevel() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/malformed"), style: .array)
      guard case .decodingFailed(let path, let reason) = await failure(loader) as? HTTPPageLoaderError
      else {
        Issue.record("expected a decoding failure")
        return
      }
      #expect(path == "")
      #expect(!reason.isEmpty)
    }
  }

  @Test func aWrongTypeIsReportedWithItsCodingPath() async throws {
    try await withServer { server in
      let array = HTTPPageLoader<TestItem>(baseURL: server.url("/wrongtype"), style: .array)
      guard case .decodingFailed(let path, _) = await failure(array) as? HTTPPageLoaderError else {
        Issue.record("expected a decoding failure")
        return
      }
      #expect(path == "[2].id")
      let envelope = HTTPPageLoader<TestItem>(
        baseURL: server.url("/nested"), style: .keyPath("data.list.entries"))
      guard case .decodingFailed(let missing, _) = await failure(envelope) as? HTTPPageLoaderError else {
        Issue.record("expected a decoding failure")
        return
      }
      #expect(missing == "data.list.entries")
    }
  }

  @Test func aTruncatedBodyIsALostConnection() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/truncated"), style: .array)
      let error = await failure(loader)
      guard case .connectionLost(let received, let expected) = error as? HTTPPageLoaderError else {
        Issue.record("expected a lost connection, got \(String(describing: error))")
        return
      }
      #expect(expected == 4000)
      #expect(received < 4000)
    }
  }

  /// A server that drops the connection, before any response or in the middle of the body, is a
  /// connection an app retries; one that answers something unreadable is a bad response.
  @Test(arguments: [
    ("/hangup", PagingErrorKind.connectionLost), ("/truncated", .connectionLost),
    ("/chunkeddrop", .connectionLost), ("/malformed", .badResponse), ("/html", .badResponse),
  ])
  func aDroppedConnectionIsNotABadResponse(path: String, kind: PagingErrorKind) async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url(path), style: .array)
      let error = await failure(loader)
      #expect(error.map(PagingErrorKind.init(classifying:)) == kind, "\(path): \(String(describing: error))")
      if kind == .connectionLost {
        guard case .connectionLost = error as? HTTPPageLoaderError else {
          Issue.record("\(path): expected a lost connection, got \(String(describing: error))")
          return
        }
      }
    }
  }

  @Test func aResponseThatNeverComesTimesOutAtTheDeadlineOnTheLoadersClock() async throws {
    try await withServer { server in
      let clock = TestClock()
      // A long timeout costs nothing on a test clock, and keeps URLSession's own idle timeout
      // (real time) out of the way however slow the machine is.
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/drf/page?gate=never"), style: .envelope(), timeout: .seconds(600), clock: clock)
      let load = Task { await failure(loader) }
      try await server.waitForArrivals(at: "never")
      try await clock.waitForSleepers()
      clock.advance(by: .seconds(600) - .milliseconds(1))
      #expect(clock.sleeperCount == 1, "the deadline passed early")
      clock.advance(by: .milliseconds(1))
      // The gate never opens: only the deadline can end this load.
      #expect(await load.value as? HTTPPageLoaderError == .timedOut(after: .seconds(600)))
      try await server.waitForHangups(at: "never")
    }
  }

  @Test(arguments: [("/unauthorized", 401), ("/forbidden", 403)])
  func unauthorizedAndForbiddenAreUnauthorized(path: String, status: Int) async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url(path), style: .array)
      let request = PageRequest(
        position: .page(index: 1, size: 20), context: RequestContext(userToken: "expired-token-123"),
        direction: .refresh)
      guard case .unauthorized(status, let excerpt) = await failure(loader, request) as? HTTPPageLoaderError
      else {
        Issue.record("expected unauthorized \(status)")
        return
      }
      // The fixture echoes the Authorization header; the excerpt keeps the rest of the body.
      #expect(excerpt.contains("Bearer <redacted>"))
      #expect(!excerpt.contains("expired-token-123"))
    }
  }

  @Test func aBodyOverTheCapIsRefusedByTheLoadersSession() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/big?bytes=300000"), style: .array, maximumResponseBytes: 100_000)
      guard case .responseTooLarge(let limit, let bytes) = await failure(loader) as? HTTPPageLoaderError
      else {
        Issue.record("expected too large")
        return
      }
      #expect(limit == 100_000)
      #expect(bytes > 100_000)
    }
  }

  @Test func aBodyOverTheCapIsRefusedWithAnAppSession() async throws {
    try await withServer { server in
      let session = URLSession(configuration: .ephemeral)
      defer { session.finishTasksAndInvalidate() }
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/big?bytes=300000"), style: .array, maximumResponseBytes: 100_000,
        session: session)
      guard case .responseTooLarge(100_000, let bytes) = await failure(loader) as? HTTPPageLoaderError
      else {
        Issue.record("expected too large")
        return
      }
      #expect(bytes > 300_000)
    }
  }

  @Test func aBodyUnderTheCapIsRead() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/big?bytes=50000"), style: .array, maximumResponseBytes: 100_000)
      let page = try await loader.loadPage(firstPage)
      #expect(page.items.count == 51)
    }
  }

  @Test func htmlIsAnUnexpectedContentType() async throws {
    try await withServer { server in
      // Every style that reads JSON refuses it, before reading a byte of the body.
      let styles: [(String, HTTPResponseStyle<TestItem>)] = [
        ("array", .array), ("linkHeader", .linkHeader()), ("linkHeader(items:)", .linkHeader(items: "data")),
        ("relay", .relay("photos")), ("fastAPIPagination", .fastAPIPagination),
        ("keyPath", .keyPath("data")), ("envelope", .envelope()),
        ("custom, by default", .custom { _ in Page(items: [], hasMore: false) }),
      ]
      for (name, style) in styles {
        let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/html"), style: style)
        #expect(
          await failure(loader) as? HTTPPageLoaderError
            == .unexpectedContentType("text/html; charset=utf-8"), "\(name)")
      }
      let lenient = HTTPPageLoader<TestItem>(
        baseURL: server.url("/html"),
        style: .custom(requiresJSON: false) { response in
          Page(items: [TestItem(id: response.body.count, name: "html")], hasMore: false)
        })
      let page = try await lenient.loadPage(firstPage)
      #expect(page.items.first?.name == "html")
    }
  }

  @Test func aClosedPortCannotConnect() async throws {
    let server = try await offPool { try FixturePageServer() }
    let url = server.url("/array")
    await offPool { server.stop() }
    let loader = HTTPPageLoader<TestItem>(baseURL: url, style: .array)
    let error = await failure(loader)
    guard case .cannotConnect = error as? HTTPPageLoaderError else {
      Issue.record("expected cannot connect, got \(String(describing: error))")
      return
    }
  }

  @Test func badPositionsAreInvalidRequests() async throws {
    let loader = HTTPPageLoader<TestItem>(baseURL: URL(string: "http://127.0.0.1:9/")!, style: .array)
    for position: PageRequest.Position in [
      .page(index: -1, size: 20), .page(index: 1, size: 0),
      .offset(-5, limit: 10), .offset(0, limit: 0), .offset(0, limit: -1), .cursor(nil, limit: 0),
    ] {
      let error = await failure(loader, PageRequest(position: position, direction: .nextPage))
      guard case .invalidRequest = error as? HTTPPageLoaderError else {
        Issue.record("expected an invalid request for \(position), got \(String(describing: error))")
        continue
      }
    }
    for timeout in [Duration.zero, .seconds(-1)] {
      let noTime = HTTPPageLoader<TestItem>(
        baseURL: URL(string: "http://127.0.0.1:9/")!, style: .array, timeout: timeout)
      guard case .invalidRequest = await failure(noTime) as? HTTPPageLoaderError else {
        Issue.record("expected an invalid request for a timeout of \(timeout)")
        continue
      }
    }
    // A cap of zero bytes would refuse every body, even an empty page's: it is a mistake.
    for cap in [0, -1] {
      let noRoom = HTTPPageLoader<TestItem>(
        baseURL: URL(string: "http://127.0.0.1:9/")!, style: .array, maximumResponseBytes: cap)
      guard case .invalidRequest = await failure(noRoom) as? HTTPPageLoaderError else {
        Issue.record("expected an invalid request for a cap of \(cap) bytes")
        continue
      }
    }
  }

  @Test func aNextURLOnAnotherOriginIsRefused() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/drf/page"), style: .envelope())
      let elsewhere = "http://localhost:\(server.port)/drf/page?page=2"
      let error = await failure(
        loader, PageRequest(position: .cursor(elsewhere, limit: 20), direction: .nextPage))
      guard case .invalidRequest(let why) = error as? HTTPPageLoaderError else {
        Issue.record("expected an invalid request, got \(String(describing: error))")
        return
      }
      #expect(why.contains("origin"))
    }
  }
}

@Suite struct HTTPPageLoaderErrorMessageTests {
  static let serverText = "SERVER-TEXT"
  static let all: [HTTPPageLoaderError] = [
    .invalidRequest(serverText), .offline(serverText), .cannotConnect(serverText),
    .timedOut(after: .seconds(3)),
    .cancelled, .connectionLost(receivedBytes: 3, expectedBytes: 9),
    .unauthorized(status: 401, bodyExcerpt: serverText), .unauthorized(status: 403, bodyExcerpt: serverText),
    .httpStatus(500, bodyExcerpt: serverText), .httpStatus(404, bodyExcerpt: serverText),
    .unexpectedContentType(serverText), .responseTooLarge(limit: 1, bytes: 2),
    .decodingFailed(codingPath: serverText, reason: serverText), .transport(code: -1, serverText),
  ]

  @Test func everyErrorHasAUserMessageWithoutServerText() {
    for error in Self.all {
      let message = error.errorDescription ?? ""
      #expect(message.hasSuffix(".") && message.count > 10, "\(error)")
      #expect(!message.contains(Self.serverText), "server text in the message of \(error)")
    }
    #expect(
      HTTPPageLoaderError.unauthorized(status: 401, bodyExcerpt: "").errorDescription
        == "Please sign in again.")
  }

  @Test func descriptionsSayWhatHappened() {
    #expect("\(HTTPPageLoaderError.httpStatus(500, bodyExcerpt: "boom"))" == "HTTP 500: boom")
    #expect(
      "\(HTTPPageLoaderError.decodingFailed(codingPath: "results[2].id", reason: "expected Int"))"
        == "cannot decode the response at results[2].id: expected Int")
    #expect(
      "\(HTTPPageLoaderError.connectionLost(receivedBytes: 40, expectedBytes: 4000))"
        == "connection lost after 40 bytes of 4000 (truncated response)")
  }
}
