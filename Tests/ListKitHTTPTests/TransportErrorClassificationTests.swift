import Foundation
import ListKit
import Testing

@testable import ListKitHTTP

/// One table classifies transport failures: the kind of the error `HTTPPageLoader` reports for a
/// `URLError` is the kind `PagingErrorKind(classifying:)` gives that `URLError` itself.
@Suite struct TransportErrorClassificationTests {
  /// Every `URLError` code Foundation names, plus -1 (Linux's cut-short body) and one it does not.
  static let codes: [URLError.Code] =
    [
      .unknown, .cancelled, .badURL, .timedOut, .unsupportedURL, .cannotFindHost, .cannotConnectToHost,
      .networkConnectionLost, .dnsLookupFailed, .httpTooManyRedirects, .resourceUnavailable,
      .notConnectedToInternet, .redirectToNonExistentLocation, .badServerResponse,
      .userCancelledAuthentication, .userAuthenticationRequired, .zeroByteResource, .cannotDecodeRawData,
      .cannotDecodeContentData, .cannotParseResponse, .appTransportSecurityRequiresSecureConnection,
      .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile, .dataLengthExceedsMaximum,
      .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired, .cannotLoadFromNetwork, .cannotCreateFile, .cannotOpenFile,
      .cannotCloseFile, .cannotWriteToFile, .cannotRemoveFile, .cannotMoveFile,
      .downloadDecodingFailedMidStream, .downloadDecodingFailedToComplete, .internationalRoamingOff,
      .callIsActive, .dataNotAllowed, .requestBodyStreamExhausted, .backgroundSessionRequiresSharedContainer,
      .backgroundSessionInUseByAnotherProcess, .backgroundSessionWasDisconnected,
    ] + [-1, -424_242].compactMap { URLError.Code(rawValue: $0) as URLError.Code? }

  /// The loader reports a failure without a response of any code as the kind the
  /// table gives it, except the one it knows more about: -1011 with no response at all is a
  /// connection that closed before an answer (``aConnectionClosedWithoutAnAnswerIsALostConnection``).
  @Test(arguments: codes.filter { $0 != .badServerResponse })
  func theLoaderClassifiesAURLErrorAsPagingErrorKindDoes(code: URLError.Code) {
    let reported = HTTPTransport.map(
      URLError(code), response: nil, received: 0, timeout: .seconds(30),
      redactor: Redactor(token: nil, extraParameterName: nil))
    #expect(
      reported.pagingErrorKind == PagingErrorKind(classifying: URLError(code)),
      "URLError \(code.rawValue) reported as \(reported)")
  }

  @Test func aConnectionClosedWithoutAnAnswerIsALostConnection() {
    // URLError -1011 with no response: the server closed the connection before answering, which
    // an app retries. A bare URLError -1011 says only "bad server response", so the table, which
    // never sees whether a response came, keeps it a bad response.
    let reported = HTTPTransport.map(
      URLError(.badServerResponse), response: nil, received: 0, timeout: .seconds(30),
      redactor: Redactor(token: nil, extraParameterName: nil))
    #expect(reported == .connectionLost(receivedBytes: 0, expectedBytes: nil))
    #expect(reported.pagingErrorKind == .connectionLost)
    #expect(PagingErrorKind(classifying: URLError(.badServerResponse)) == .badResponse)
    #expect(PagingError(loaderError: reported, direction: .refresh, redacting: nil).kind == .connectionLost)
  }
}

/// After a response: a body short of its announced length is a lost connection that says how
/// much came; a whole body is lost only by Linux's code -1, and any other failure keeps its code.
@Suite struct TransportErrorAfterAResponseTests {
  static let response = HTTPURLResponse(
    url: URL(string: "https://api.example.com/items")!, statusCode: 200, httpVersion: "HTTP/1.1",
    headerFields: ["Content-Length": "10"])!

  static func map(_ code: URLError.Code, received: Int) -> HTTPPageLoaderError {
    HTTPTransport.map(
      URLError(code), response: response, received: received, timeout: .seconds(30),
      redactor: Redactor(token: nil, extraParameterName: nil))
  }

  @Test func aBodyShortOfItsLengthIsALostConnection() {
    #expect(
      Self.map(.cannotParseResponse, received: 9) == .connectionLost(receivedBytes: 9, expectedBytes: 10))
    #expect(Self.map(.unknown, received: 9) == .connectionLost(receivedBytes: 9, expectedBytes: 10))
  }

  @Test func aWholeBodyKeepsTheFailuresOwnCode() {
    #expect(Self.map(.unknown, received: 10) == .connectionLost(receivedBytes: 10, expectedBytes: nil))
    guard case .transport(let code, _) = Self.map(.cannotParseResponse, received: 10) else {
      Issue.record("a whole body that failed to parse was reported as a lost connection")
      return
    }
    #expect(code == URLError.Code.cannotParseResponse.rawValue)
  }
}
