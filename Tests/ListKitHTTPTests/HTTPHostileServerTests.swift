import Foundation
import ListKit
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the fixture's `/hostile/record` route of a server saw, one text per request.
func recordedRequests(on server: FixturePageServer) async throws -> [String] {
  let (body, _) = try await server.get("/hostile/recorded")
  return try JSONDecoder().decode([String].self, from: body)
}

/// A redirect to another origin (another port, another host name) is refused with a typed error
/// and nothing reaches that origin, on the loader's session and on an app's; one on the same
/// origin is followed.
@Suite struct HTTPRedirectTests {
  static let token = "r3d1rect-T0ken/+secret=value"

  @Test(arguments: [301, 302, 307, 308], [false, true])
  func aRedirectToAnotherOriginIsRefusedAndSendsItNothing(code: Int, appSession: Bool) async throws {
    try await withServer { server in
      try await withServer(appSession: appSession) { other, session in
        let targets = [
          other.url("/hostile/record"),  // another port
          URL(string: "http://localhost:\(server.port)/hostile/record")!,  // another host name
        ]
        for target in targets {
          for authentication in [HTTPAuthentication.bearer, .header(name: "X-Api-Key")] {
            let to = target.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let loader = HTTPPageLoader<TestItem>(
              baseURL: server.url("/hostile/redirect?code=\(code)&to=\(to)"), style: .array,
              authentication: authentication, session: session)
            do {
              _ = try await loader.loadPage(
                PageRequest(
                  position: .page(index: 1, size: 5), context: RequestContext(userToken: Self.token),
                  direction: .refresh))
              Issue.record("a \(code) redirect to \(target) was followed")
            } catch let error as HTTPPageLoaderError {
              guard case .redirectRefused(let origin) = error else {
                Issue.record("\(code) to \(target): \(error)")
                continue
              }
              #expect(origin.hasPrefix("http://"))
              #expect(error.pagingErrorKind == .badResponse)
            }
          }
        }
        #expect(try await recordedRequests(on: other).isEmpty)
        #expect(try await recordedRequests(on: server).isEmpty)
      }
    }
  }

  @Test(arguments: [false, true])
  func aRedirectOnTheSameOriginIsFollowedWithTheCredentials(appSession: Bool) async throws {
    try await withServer(appSession: appSession) { server, session in
      let to = server.url("/hostile/record").absoluteString
        .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/hostile/redirect?code=307&to=\(to)"), style: .array, session: session)
      let page = try await loader.loadPage(
        PageRequest(
          position: .page(index: 1, size: 5), context: RequestContext(userToken: Self.token),
          direction: .refresh))
      #expect(page.items.isEmpty)
      let recorded = try await recordedRequests(on: server)
      #expect(recorded.count == 1)
      #expect(recorded.first?.contains("Bearer \(Self.token)") == true)
    }
  }
}

/// Whatever the server echoes, however it encodes it, no piece of the token is in any text the
/// loader or the paged list produces.
@Suite struct HTTPTokenLeakTests {
  static let tokens = [
    "s3cr3t-T0ken_value.42/plus+equals=tail~end",
    // A JWT: the server may echo its payload, which is itself base64.
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.SflKxwRJSMeKKF2QT4fwpMeJf36",
  ]
  static let encodings = [
    "raw", "json", "jsonunicode", "percentlower", "percentupper", "percentdouble", "form", "base64",
    "base64url", "hex", "html", "prefix", "combining", "jwt", "multiline",
  ]

  /// Collects log lines from the loader.
  final class Lines: @unchecked Sendable {
    // @unchecked: `lines` is guarded by `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }

  /// Every text an app can get from a failure.
  static func texts(of error: any Error, token: String) -> [String] {
    let paging = PagingError(
      loaderError: error, direction: .refresh, redacting: token)
    return [
      "\(error)", String(reflecting: error), error.localizedDescription,
      (error as? any LocalizedError)?.errorDescription ?? "", paging.description, paging.details,
      paging.message,
      String(reflecting: paging),
    ]
  }

  @Test(
    arguments: tokens,
    [HTTPAuthentication.bearer, .header(name: "X-Api-Key"), .queryParameter(name: "access_token")])
  func noPieceOfTheTokenIsInAnyText(token: String, authentication: HTTPAuthentication) async throws {
    let leaks = TokenLeaks(token: token)
    let log = Lines()
    var texts: [String] = []
    try await withServer { server in
      func attempt(_ path: String, position: PageRequest.Position = .page(index: 1, size: 5)) async {
        let loader = HTTPPageLoader<TestItem>(
          baseURL: server.url(path), style: .array, authentication: authentication, log: log.append)
        do {
          let page = try await loader.loadPage(
            PageRequest(position: position, context: RequestContext(userToken: token), direction: .refresh))
          Issue.record("\(path) loaded \(page)")
        } catch {
          texts += Self.texts(of: error, token: token)
        }
      }
      for encoding in Self.encodings {
        await attempt("/hostile/echo?code=401&encoding=\(encoding)")
        await attempt("/hostile/echo?code=500&encoding=\(encoding)")
      }
      for prefix in [0, 1, 2, 30, 39] { await attempt("/hostile/wrongtype?prefix=\(prefix)") }
      await attempt("/hostile/badkey")
      // A same-origin next link that carries the token in its query, then fails.
      for parameter in ["cursor", "access_token"] {
        let envelope = HTTPPageLoader<TestItem>(
          baseURL: server.url("/hostile/nexttoken?param=\(parameter)"), style: .envelope(),
          authentication: authentication, log: log.append)
        let first = try await envelope.loadPage(
          PageRequest(
            position: .cursor(nil, limit: 2), context: RequestContext(userToken: token), direction: .refresh))
        let next = try #require(first.nextCursor)
        await attempt("/hostile/nexttoken", position: .cursor(next, limit: 2))
      }
    }
    #expect(texts.count > 100)
    for text in texts + log.all {
      let found = leaks.found(in: text)
      #expect(found.isEmpty, "\(found) in: \(text)")
    }
    #expect(texts.contains { $0.contains("<redacted>") })
    #expect(texts.contains { $0.contains("unauthorized (HTTP 401)") })
  }
}

/// 429, and 503 with `Retry-After`, are their own kind, carrying when to retry.
@Suite struct HTTPRateLimitTests {
  func failure(_ path: String) async throws -> HTTPPageLoaderError? {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url(path), style: .array)
      do {
        _ = try await loader.loadPage(PageRequest(position: .page(index: 1, size: 5), direction: .refresh))
        return nil
      } catch let error as HTTPPageLoaderError {
        return error
      }
    }
  }

  @Test func a429WithSecondsSaysWhenToRetry() async throws {
    let error = try #require(try await failure("/hostile/retry?code=429&after=120"))
    #expect(error.pagingErrorKind == .rateLimited(retryAfter: .seconds(120)))
    #expect(error.errorDescription?.contains("in 2 minutes") == true)
    let paging = PagingError(loaderError: error, direction: .nextPage, redacting: nil)
    #expect(paging.kind == .rateLimited(retryAfter: .seconds(120)))
    #expect(paging.message.contains("in 2 minutes"))
  }

  @Test func a503WithAnHTTPDateCarriesTheDate() async throws {
    let error = try #require(
      try await failure("/hostile/retry?code=503&after=Wed,%2021%20Oct%202015%2007:28:00%20GMT"))
    #expect(
      error.pagingErrorKind == .rateLimited(retryAfter: .date(Date(timeIntervalSince1970: 1_445_412_480))))
  }

  @Test func a429WithoutRetryAfterIsStillRateLimited_a503WithoutIsAServerError() async throws {
    #expect(try await failure("/hostile/retry?code=429")?.pagingErrorKind == .rateLimited(retryAfter: nil))
    #expect(try await failure("/hostile/retry?code=503")?.pagingErrorKind == .server)
    #expect(try await failure("/hostile/retry?code=503&after=soon")?.pagingErrorKind == .server)
  }

  @Test func retryAfterReadsSecondsAndTheThreeDateForms() {
    #expect(RetryAfter(header: "0") == .seconds(0))
    #expect(RetryAfter(header: " 30 ") == .seconds(30))
    #expect(RetryAfter(header: "99999999999999999999999") == .seconds(.max))
    let date = RetryAfter.date(Date(timeIntervalSince1970: 784_111_777))
    #expect(RetryAfter(header: "Sun, 06 Nov 1994 08:49:37 GMT") == date)
    #expect(RetryAfter(header: "Sunday, 06-Nov-94 08:49:37 GMT") == date)
    #expect(RetryAfter(header: "Sun Nov  6 08:49:37 1994") == date)
    #expect(RetryAfter(header: "-5") == nil)
    #expect(RetryAfter(header: "soon") == nil)
    #expect(RetryAfter.seconds(1).suggestion == "Please try again in 1 second.")
    #expect(RetryAfter.seconds(7200).suggestion == "Please try again in 2 hours.")
  }
}
