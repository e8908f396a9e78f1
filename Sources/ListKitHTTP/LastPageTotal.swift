import Foundation

/// The total count a `Link: rel="last"` header gives away on the last page.
///
/// On the page the `last` link names (the same page number, or the same offset, as the URL that
/// answered), the total is the items before that page plus its own. On other pages the `last`
/// link only bounds the total, so none is reported.
enum LastPageTotal {
  /// The total, or `nil` when this is not the last page or the links carry no page number or
  /// offset under the loader's parameter names.
  /// - Parameters:
  ///   - last: The `last` link, resolved.
  ///   - first: The `first` link, resolved; pages are counted from its page number, or from 1.
  ///   - count: The number of items on this page.
  ///   - response: The response, whose URL and parameter names say which page this is.
  static func total(last: String?, first: String?, count: Int, response: HTTPResponse) -> Int? {
    guard let last, let lastURL = URL(string: last), let thisURL = response.url else { return nil }
    let names = response.parameters
    if let lastPage = integer(names.page, in: lastURL), let page = integer(names.page, in: thisURL) {
      let firstPage = first.flatMap(URL.init(string:)).flatMap { integer(names.page, in: $0) } ?? 1
      guard page == lastPage, page >= firstPage else { return nil }
      return (page - firstPage) * response.request.limit + count
    }
    if let lastOffset = integer(names.offset, in: lastURL), let offset = integer(names.offset, in: thisURL) {
      return offset == lastOffset ? offset + count : nil
    }
    return nil
  }

  private static func integer(_ name: String, in url: URL) -> Int? {
    URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?
      .first { $0.name == name }?.value.flatMap { Int($0) }
  }
}
