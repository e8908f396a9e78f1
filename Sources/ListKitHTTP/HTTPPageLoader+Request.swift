import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPageLoader {
  /// A duration in seconds, for Foundation's `TimeInterval`.
  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Builds the HTTP request for a page request: the paging URL and headers, then the request
  /// builder's changes, then authentication.
  func makeURLRequest(for request: PageRequest, redactor: Redactor) throws(HTTPPageLoaderError) -> URLRequest
  {
    try transport.validate()
    // The loader's headers win over the style's, which win over the default; names are
    // compared case-insensitively, as HTTP does.
    var merged = ["Accept": "application/json"]
    for (name, value) in style.requestHeaders.sorted(by: { $0.key < $1.key })
      + headers.sorted(by: { $0.key < $1.key })
    {
      merged = merged.filter { $0.key.lowercased() != name.lowercased() }
      merged[name] = value
    }
    var parts = HTTPRequestBuilder.Parts(
      method: "GET", url: try makeURL(for: request.position, redactor: redactor), baseURL: baseURL,
      headers: merged)
    do {
      try requestBuilder.build(request, &parts)
    } catch let error as HTTPPageLoaderError {
      throw error
    } catch {
      throw .invalidRequest(redactor.redact("the request builder failed: \(error)"))
    }
    guard Self.origin(parts.url) == Self.origin(baseURL) else {
      throw .invalidRequest(
        "the request URL \(redactor.redact(parts.url)) is not on the base URL's origin \(Self.origin(baseURL))"
      )
    }
    let token = request.context.userToken.flatMap { $0.isEmpty ? nil : $0 }
    var finalURL = parts.url
    if case .queryParameter(let name) = authentication, let token {
      finalURL = try Self.url(finalURL, adding: [URLQueryItem(name: name, value: token)], redactor: redactor)
    }
    var urlRequest = URLRequest(
      url: finalURL, cachePolicy: .reloadIgnoringLocalCacheData,
      timeoutInterval: Self.seconds(timeout))
    urlRequest.httpMethod = parts.method
    urlRequest.httpBody = parts.body
    for (name, value) in parts.headers.sorted(by: { $0.key < $1.key }) {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    if let token {
      switch authentication {
      case .none, .queryParameter: break
      case .bearer: urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      case .header(let name, let prefix): urlRequest.setValue(prefix + token, forHTTPHeaderField: name)
      }
    }
    return urlRequest
  }

  /// The URL of a position, before authentication.
  private func makeURL(for position: PageRequest.Position, redactor: Redactor) throws(HTTPPageLoaderError)
    -> URL
  {
    var paging: [URLQueryItem] = []
    switch position {
    case .page(let index, let size):
      guard index >= 0, size > 0 else {
        throw .invalidRequest("page index must be >= 0 and size > 0, not index \(index), size \(size)")
      }
      // The index is the server's page number: the list's style alone decides where it starts.
      paging.append(URLQueryItem(name: parameters.page, value: String(index)))
      if let name = parameters.pageSize { paging.append(URLQueryItem(name: name, value: String(size))) }
    case .offset(let offset, let limit):
      guard offset >= 0, limit > 0 else {
        throw .invalidRequest("offset must be >= 0 and limit > 0, not offset \(offset), limit \(limit)")
      }
      paging.append(URLQueryItem(name: parameters.offset, value: String(offset)))
      paging.append(URLQueryItem(name: parameters.limit, value: String(limit)))
    case .cursor(let cursor, let limit):
      guard limit > 0 else { throw .invalidRequest("limit must be > 0, not \(limit)") }
      if let cursor, let next = try nextPageURL(cursor, redactor: redactor) { return next }
      if let cursor { paging.append(URLQueryItem(name: parameters.cursor, value: cursor)) }
      if let name = parameters.cursorLimit { paging.append(URLQueryItem(name: name, value: String(limit))) }
    case .cursorBefore(let cursor, let limit):
      guard limit > 0 else { throw .invalidRequest("limit must be > 0, not \(limit)") }
      // A `previous` link (Django REST framework, `Link: rel="prev"`) is requested as it is.
      if let previous = try nextPageURL(cursor, redactor: redactor) { return previous }
      paging.append(URLQueryItem(name: parameters.before, value: cursor))
      if let name = parameters.cursorLimit { paging.append(URLQueryItem(name: name, value: String(limit))) }
    case .item(let id, let limit):
      guard limit > 0 else { throw .invalidRequest("limit must be > 0, not \(limit)") }
      paging.append(URLQueryItem(name: parameters.around, value: id))
      if let name = parameters.cursorLimit { paging.append(URLQueryItem(name: name, value: String(limit))) }
    }
    let replaced = Set(paging.map(\.name))
    return try Self.url(
      baseURL, adding: queryItems.filter { !replaced.contains($0.name) } + paging, redactor: redactor)
  }

  /// Returns `url` with `items` added, replacing its own items of the same names.
  ///
  /// NB: values are percent-encoded down to RFC 3986's unreserved characters. `URLComponents`
  /// leaves `+`, `&` and `=` alone in query values, and servers read a bare `+` as a space,
  /// which would garble a token or a cursor.
  static func url(_ url: URL, adding items: [URLQueryItem], redactor: Redactor) throws(HTTPPageLoaderError)
    -> URL
  {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      throw .invalidRequest("the URL \(redactor.redact(url)) has no valid components")
    }
    guard !items.isEmpty else { return url }
    let names = Set(items.map(\.name))
    let kept = (components.percentEncodedQueryItems ?? []).filter {
      !names.contains($0.name.removingPercentEncoding ?? $0.name)
    }
    let encoded = items.map {
      URLQueryItem(name: encode($0.name), value: $0.value.map(encode))
    }
    components.percentEncodedQueryItems = kept + encoded
    guard let result = components.url else {
      throw .invalidRequest("cannot add query items to \(redactor.redact(url))")
    }
    return result
  }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  private static var unreserved: CharacterSet {
    CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
  }

  /// The URL a cursor names, when it is an absolute URL; `nil` for an opaque cursor.
  ///
  /// - Throws: When it is a URL on another origin: the token would be sent to a host the app
  ///   did not configure, so such a link is refused rather than followed.
  private func nextPageURL(_ cursor: String, redactor: Redactor) throws(HTTPPageLoaderError) -> URL? {
    guard let url = URL(string: cursor), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    guard Self.origin(url) == Self.origin(baseURL) else {
      throw .invalidRequest(
        "the page URL \(redactor.redact(url)) is not on the base URL's origin \(Self.origin(baseURL))")
    }
    return url
  }

  /// A URL's scheme, host and port, which a link must share with the base URL.
  static func origin(_ url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }
}
