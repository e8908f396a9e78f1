import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPageLoader {
  /// The body and response of a completed exchange, or the error it amounts to.
  func interpret(_ outcome: TransportOutcome, redactor: Redactor) throws -> (Data, HTTPURLResponse) {
    switch outcome {
    case .completed(let body, let response):
      return (body, response)
    case .cancelled:
      throw CancellationError()
    case .timedOut:
      throw HTTPPageLoaderError.timedOut(after: timeout)
    case .tooLarge(let bytes):
      throw HTTPPageLoaderError.responseTooLarge(limit: maximumResponseBytes, bytes: bytes)
    case .redirectRefused(let url):
      throw HTTPPageLoaderError.redirectRefused(origin: redactor.redact(url.map(Self.origin) ?? "(no URL)"))
    case .notHTTP:
      throw HTTPPageLoaderError.transport(
        code: URLError.badServerResponse.rawValue, "the response is not HTTP")
    case .failed(let error, let response, let received):
      if error.code == .cancelled, Task.isCancelled { throw CancellationError() }
      throw Self.map(error, response: response, received: received, timeout: timeout, redactor: redactor)
    }
  }

  static func map(
    _ error: URLError, response: HTTPURLResponse?, received: Int, timeout: Duration, redactor: Redactor
  ) -> HTTPPageLoaderError {
    // NB: URLError's own description includes the failing URL (NSErrorFailingURLStringKey),
    // which may carry the token; only the code and the redacted localized text are kept.
    let why = redactor.redact(error.localizedDescription)
    switch error.code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
      return .offline(why)
    case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed:
      return .cannotConnect(why)
    case .timedOut:
      return .timedOut(after: timeout)
    case .cancelled:
      return .cancelled
    case .networkConnectionLost:
      return .connectionLost(receivedBytes: received, expectedBytes: expectedLength(response))
    default:
      // Linux's FoundationNetworking reports a body cut short as code -1 ("transfer closed with
      // n bytes remaining"); a response whose announced length was not reached is a lost connection.
      if let expected = expectedLength(response), received < expected {
        return .connectionLost(receivedBytes: received, expectedBytes: expected)
      }
      return .transport(code: error.code.rawValue, why)
    }
  }

  private static func expectedLength(_ response: HTTPURLResponse?) -> Int? {
    guard let length = response?.expectedContentLength, length >= 0 else { return nil }
    return Int(clamping: length)
  }

  /// Throws for a status outside 2xx and for a content type the style does not read.
  func check(_ response: HTTPURLResponse, body: Data, redactor: Redactor) throws(HTTPPageLoaderError) {
    let status = response.statusCode
    guard (200..<300).contains(status) else {
      let excerpt = Self.excerpt(body, redactor: redactor)
      let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap(RetryAfter.init(header:))
      if status == 429 || (status == 503 && retryAfter != nil) {
        throw .rateLimited(status: status, retryAfter: retryAfter, bodyExcerpt: excerpt)
      }
      if status == 401 || status == 403 { throw .unauthorized(status: status, bodyExcerpt: excerpt) }
      throw .httpStatus(status, bodyExcerpt: excerpt)
    }
    guard style.requiresJSON else { return }
    let contentType = response.value(forHTTPHeaderField: "Content-Type")
    guard let contentType else { return }
    let mediaType =
      contentType.split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    guard mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    else { throw .unexpectedContentType(redactor.excerpt(contentType, limit: 100)) }
  }

  /// `scheme://host:port` of a URL.
  static func origin(_ url: URL) -> String { StreamingDelegate.origin(of: url) ?? "(no origin)" }

  /// The first 200 Unicode scalars of a body, on one line, redacted before it is cut.
  static func excerpt(_ body: Data, redactor: Redactor) -> String {
    redactor.excerpt(String(decoding: body.prefix(64 << 10), as: UTF8.self), limit: 200)
  }

  /// Reads the page with the style, mapping its failures to ``HTTPPageLoaderError``.
  ///
  /// A `Decimal` sent as a JSON string is read as its number (see ``makeDefaultDecoder()``).
  func read(_ response: HTTPResponse, redactor: Redactor) throws(HTTPPageLoaderError) -> Page<Item> {
    var response = response
    for _ in 0...DecimalStrings.maximumRepairs {
      do {
        return try style.read(response, decoder)
      } catch let error as HTTPPageLoaderError {
        throw error
      } catch DecodingError.typeMismatch(let type, let context) where type == Decimal.self {
        guard let repaired = DecimalStrings.repair(response.body, at: context.codingPath) else {
          throw Self.map(.typeMismatch(type, context), body: response.body, redactor: redactor)
        }
        response.body = repaired
      } catch let error as DecodingError {
        throw Self.map(error, body: response.body, redactor: redactor)
      } catch {
        throw .decodingFailed(codingPath: "", reason: redactor.excerpt(String(describing: error), limit: 300))
      }
    }
    throw .decodingFailed(
      codingPath: "", reason: "more than \(DecimalStrings.maximumRepairs) fields hold decimals as strings")
  }

  /// The decoding failure as a loader error: the JSON path, the type expected, and what the body
  /// holds there.
  static func map(_ error: DecodingError, body: Data? = nil, redactor: Redactor) -> HTTPPageLoaderError {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text
    }
    let (keys, reason): ([any CodingKey], String)
    switch error {
    case .typeMismatch(let type, let context):
      (keys, reason) = (
        context.codingPath,
        "expected \(type), found \(JSONValueDescription.describe(at: context.codingPath, in: body))"
          + (context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))")
      )
    case .valueNotFound(let type, let context):
      (keys, reason) = (
        context.codingPath,
        "expected \(type), found null"
          + (context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))")
      )
    case .keyNotFound(let key, let context):
      (keys, reason) = (context.codingPath + [key], "key not found: \(context.debugDescription)")
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      (keys, reason) = (context.codingPath, context.debugDescription + (underlying.map { " (\($0))" } ?? ""))
    @unknown default:
      (keys, reason) = ([], String(describing: error))
    }
    // Redacted whole, then cut: the reason quotes the server's values.
    return .decodingFailed(
      codingPath: redactor.excerpt(path(keys), limit: 300), reason: redactor.excerpt(reason, limit: 300))
  }
}
