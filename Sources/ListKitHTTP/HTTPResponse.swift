import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A successful (2xx) response, as a custom ``HTTPResponseStyle`` sees it.
public struct HTTPResponse: Sendable {
  /// The body.
  public var body: Data
  /// The HTTP status code.
  public var statusCode: Int
  /// The URL that answered (after redirects).
  public var url: URL?
  /// The request the page was loaded for (its `limit` tells whether a page is full).
  public var request: PageRequest
  private let headers: [String: String]
  /// The header the loader's style reads a total count from.
  var totalHeader = "X-Total-Count"
  /// The loader's parameter names, to read page numbers out of links.
  var parameters = HTTPPagingParameters.standard

  init(body: Data, response: HTTPURLResponse, request: PageRequest) {
    self.body = body
    self.statusCode = response.statusCode
    self.url = response.url
    self.request = request
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in response.allHeaderFields {
      headers[name.lowercased()] = value
    }
    self.headers = headers
  }

  /// Returns a header's value; the name is compared case-insensitively.
  /// - Parameter name: The header name, for example `"Link"`.
  /// - Returns: The value, or `nil` when the response has no such header.
  public func value(forHeader name: String) -> String? {
    headers[name.lowercased()]
  }
}
