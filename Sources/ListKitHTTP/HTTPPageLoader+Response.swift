import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPageLoader {
  /// Throws for a content type the style does not read.
  func checkContentType(_ response: HTTPResponse, redactor: Redactor) throws(HTTPPageLoaderError) {
    guard style.requiresJSON else { return }
    let contentType = response.value(forHeader: "Content-Type")
    guard let contentType else { return }
    let mediaType =
      contentType.split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    guard mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    else { throw .unexpectedContentType(redactor.excerpt(contentType, limit: 100)) }
  }

  /// Reads the page with the style, mapping its failures to ``HTTPPageLoaderError``.
  ///
  /// A `Decimal` sent as a JSON string is read as its number, whatever the decoder (see
  /// ``makeDefaultDecoder(timeZone:)``).
  func read(_ response: HTTPResponse, redactor: Redactor) throws(HTTPPageLoaderError) -> Page<Item> {
    do {
      return try DecimalStrings.reading(response.body) { body in
        var repaired = response
        repaired.body = body
        return try style.read(repaired, decoder)
      }
    } catch let error as HTTPPageLoaderError {
      throw error.redacted(by: redactor)
    } catch let error as DecodingError {
      throw Self.map(error, body: response.body, redactor: redactor)
    } catch {
      throw .decodingFailed(codingPath: "", reason: redactor.excerpt(String(describing: error), limit: 300))
    }
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
