import Foundation
import ListKit
import ListKitHTTP
import Testing

/// `HTTPPageLoaderError` says what kind of failure it is, so an app switches on the kind.
@Suite struct HTTPPageLoaderErrorKindTests {
  @Test(arguments: [
    (HTTPPageLoaderError.unauthorized(status: 401, bodyExcerpt: ""), PagingErrorKind.unauthorized),
    (.unauthorized(status: 403, bodyExcerpt: ""), .forbidden),
    (.httpStatus(500, bodyExcerpt: ""), .server),
    (.httpStatus(404, bodyExcerpt: ""), .server),
    (.offline("x"), .offline),
    (.cannotConnect("x"), .cannotConnect),
    (.timedOut(after: .seconds(1)), .timedOut),
    (.cancelled, .cancelled),
    (.connectionLost(receivedBytes: 1, expectedBytes: 2), .connectionLost),
    (.connectionLost(receivedBytes: 0, expectedBytes: nil), .connectionLost),
    (.unexpectedContentType("text/html"), .badResponse),
    (.responseTooLarge(limit: 1, bytes: 2), .badResponse),
    (.decodingFailed(codingPath: "results[0].id", reason: "x"), .badResponse),
    (.invalidRequest("x"), .other),
    (.transport(code: -1, "x"), .other),
    (.transport(code: URLError.badServerResponse.rawValue, "x"), .badResponse),
  ])
  func everyHTTPErrorHasAKind(error: HTTPPageLoaderError, kind: PagingErrorKind) {
    #expect(error.pagingErrorKind == kind)
    let paging = PagingError(loaderError: error, direction: .refresh, redacting: nil)
    #expect(paging.kind == kind)
    #expect(paging.underlying as? HTTPPageLoaderError == error)
    #expect(paging.message == error.errorDescription)
  }
}
