import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The user's token never appears in an error's text or a log line, whichever way it is sent
/// and whatever goes wrong — even when the server echoes it back.
@Suite struct HTTPPageLoaderSecurityTests {
  struct Leak: Error, CustomStringConvertible {
    var token: String
    var description: String { "custom style failed for token \(token)" }
  }

  static let tokens = ["s3cr3t-T0ken_value.42", "tok en/+sec=ret&1~x"]
  static let authentications: [HTTPAuthentication] = [
    .bearer, .header(name: "X-Api-Key"), .queryParameter(name: "access_token"),
    .queryParameter(name: "sig_v"),
  ]

  @Test(arguments: tokens, authentications)
  func tokenIsAbsentFromEveryErrorAndLogLine(token: String, authentication: HTTPAuthentication)
    async throws
  {
    let log = LogLines()
    var texts: [String] = []
    var failures = 0
    try await withServer { server in
      // `expire`: the load waits at a gate that never opens, and the test clock runs out.
      func attempt(
        _ path: String, style: HTTPResponseStyle<TestItem> = .array,
        position: PageRequest.Position = .page(index: 1, size: 20), expire: Bool = false
      ) async {
        let clock = TestClock()
        let loader = HTTPPageLoader<TestItem>(
          baseURL: server.url(path), style: style, authentication: authentication, timeout: .seconds(600),
          maximumResponseBytes: 10_000, log: log.append, clock: clock)
        let request = PageRequest(
          position: position, context: RequestContext(userToken: token), direction: .refresh)
        let load = Task { try await loader.loadPage(request) }
        if expire {
          do {
            try await clock.waitForSleepers()
          } catch {
            Issue.record("waiting for the deadline: \(error)")
          }
          clock.advance(by: .seconds(600))
        }
        do {
          _ = try await load.value
          Issue.record("\(path) did not fail")
        } catch {
          failures += 1
          texts += ["\(error)", String(reflecting: error), error.localizedDescription]
        }
      }
      let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
      await attempt("/unauthorized")
      await attempt("/forbidden")
      await attempt("/status?code=500&echo=\(encoded)")
      await attempt("/malformed")
      await attempt("/wrongtype")
      await attempt("/truncated")
      await attempt("/html")
      await attempt("/big?bytes=50000")
      await attempt("/drf/page?gate=never", expire: true)
      await attempt(
        "/drf/page",
        position: .cursor("http://localhost:\(server.port)/drf/page?access_token=\(encoded)", limit: 5))
      await attempt("/drf/page", style: .custom { _ in throw Leak(token: token) })
      await attempt("/drf/page", position: .page(index: -1, size: 5))
    }
    let closed = try await offPool { try FixturePageServer() }
    await offPool { closed.stop() }
    let loader = HTTPPageLoader<TestItem>(
      baseURL: closed.url("/array"), style: .array, authentication: authentication, log: log.append)
    do {
      _ = try await loader.loadPage(
        PageRequest(
          position: .page(index: 1, size: 1), context: RequestContext(userToken: token), direction: .refresh))
    } catch {
      failures += 1
      texts += ["\(error)", String(reflecting: error), error.localizedDescription]
    }
    #expect(failures == 13)
    #expect(log.all.count >= 13)
    let forms = [token, token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token]
    for text in texts + log.all {
      for form in forms { #expect(!text.contains(form), "leaked in: \(text)") }
    }
    // The texts still say what happened.
    #expect(texts.contains { $0.contains("unauthorized (HTTP 401)") })
    #expect(texts.contains { $0.contains("<redacted>") })
  }
}

/// Cancelling the Swift task cancels the HTTP request.
@Suite struct HTTPPageLoaderCancellationTests {
  /// The server holds the request at a gate that never opens, so only the cancellation can end
  /// the load; the server then sees the client hang up.
  @Test(arguments: [false, true])
  func cancellingTheTaskEndsTheLoadAndClosesTheConnection(appSession: Bool) async throws {
    try await withServer(appSession: appSession) { server, session in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/drf/page?gate=never"), style: .envelope(), timeout: .seconds(600),
        session: session, clock: TestClock())
      try await expectCancellingEndsTheLoad(loader, heldAt: "never", on: server)
    }
  }

  @Test func aTaskCancelledBeforeLoadingSendsNothing() async throws {
    try await withServer { server in
      let log = LogLines()
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/drf/page"), style: .envelope(), log: log.append)
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await loader.loadPage(PageRequest(position: .page(index: 1, size: 5), direction: .refresh))
      }
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(log.all.isEmpty)
    }
  }
}
