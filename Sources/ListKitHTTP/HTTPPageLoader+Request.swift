import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPageLoader {
  /// Builds the GET request for a page request.
  func makeURLRequest(for request: PageRequest, redactor: Redactor) throws(HTTPPageLoaderError) -> URLRequest {
    guard timeout > 0, timeout.isFinite else {
      throw .invalidRequest("timeout must be a positive number of seconds, not \(timeout)")
    }
    guard maximumResponseBytes > 0 else {
      throw .invalidRequest("maximumResponseBytes must be positive, not \(maximumResponseBytes)")
    }
    let url = try makeURL(for: request.position, redactor: redactor)
    var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let token = request.context.userToken.flatMap { $0.isEmpty ? nil : $0 }
    if case .queryParameter(let name) = authentication, let token {
      var items = (components?.queryItems ?? []).filter { $0.name != name }
      items.append(URLQueryItem(name: name, value: token))
      components?.queryItems = items
    }
    guard let finalURL = components?.url else {
      throw .invalidRequest("cannot build a URL from \(redactor.redact(url))")
    }
    var urlRequest = URLRequest(
      url: finalURL, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    urlRequest.httpMethod = "GET"
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
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
  private func makeURL(for position: PageRequest.Position, redactor: Redactor) throws(HTTPPageLoaderError) -> URL {
    var paging: [URLQueryItem] = []
    switch position {
    case .page(let index, let size):
      guard index >= 0, size > 0 else {
        throw .invalidRequest("page index must be >= 0 and size > 0, not index \(index), size \(size)")
      }
      let (number, overflow) = index.addingReportingOverflow(parameters.firstPageNumber)
      guard !overflow else { throw .invalidRequest("page index \(index) is too large") }
      paging.append(URLQueryItem(name: parameters.page, value: String(number)))
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
    }
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
      throw .invalidRequest("the base URL \(redactor.redact(baseURL)) has no valid components")
    }
    let replaced = Set(paging.map(\.name))
    let kept = (components.queryItems ?? []).filter { !replaced.contains($0.name) }
    let extra = queryItems.filter { !replaced.contains($0.name) }
    let all = kept + extra + paging
    components.queryItems = all.isEmpty ? nil : all
    guard let url = components.url else {
      throw .invalidRequest("cannot add the paging parameters to \(redactor.redact(baseURL))")
    }
    return url
  }

  /// The URL a cursor names, when it is an absolute URL; `nil` for an opaque cursor.
  ///
  /// - Throws: When it is a URL on another origin: the token would be sent to a host the app
  ///   did not configure, so such a link is refused rather than followed.
  private func nextPageURL(_ cursor: String, redactor: Redactor) throws(HTTPPageLoaderError) -> URL? {
    guard let url = URL(string: cursor), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    func origin(_ url: URL) -> String {
      let scheme = url.scheme?.lowercased() ?? ""
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
      return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
    guard origin(url) == origin(baseURL) else {
      throw .invalidRequest(
        "the next-page URL \(redactor.redact(url)) is not on the base URL's origin \(origin(baseURL))")
    }
    return url
  }
}
