import Foundation
import ListKit

extension HTTPResponseStyle {
  /// A JSON:API document (`{"data": [resource…], "links": {"next", "prev"}, "meta": …}`), as
  /// Django REST framework JSON:API and other JSON:API servers send it, with each resource made
  /// into the app's model by `make`.
  ///
  /// The loader sends `Accept: application/vnd.api+json` and, unless it is given other names,
  /// the ``HTTPPagingParameters/jsonAPI`` parameters (`page[number]`, `page[size]`). `links.next`
  /// and `links.prev` are followed like an envelope's; the total and page numbers are read from
  /// `meta.pagination` (`count`, `page`, `pages`) when present, so the last page makes no extra
  /// request.
  /// - Parameter make: Turns a resource into a model.
  /// - Returns: The style.
  public static func jsonAPI<Attributes: Decodable & Sendable>(
    _ make: @escaping @Sendable (JSONAPIResource<Attributes>) throws -> Item
  ) -> Self {
    var style = HTTPResponseStyle<JSONAPIResource<Attributes>>.keyPath(
      "data", next: "links.next", count: "meta.pagination.count", previous: "links.prev",
      page: "meta.pagination.page", pages: "meta.pagination.pages"
    ).map(make)
    style.requestHeaders = ["Accept": "application/vnd.api+json"]
    style.parameters = .jsonAPI
    return style
  }
}

extension HTTPResponseStyle where Item: Decodable {
  /// fastapi-pagination's pages: `Page` (`{"items", "total", "page", "size", "pages"}`),
  /// `LimitOffsetPage` (`{"items", "total", "limit", "offset"}`) and `links.Page` (with
  /// `"links": {"next": "/items?page=2&size=40", "prev": …}`, relative links).
  ///
  /// More follow while `page < pages`, or `offset + count < total`, so the last page makes no
  /// extra request; a relative `links.next` is followed in cursor mode. The loader sends the
  /// ``HTTPPagingParameters/fastAPI`` parameters (`page`/`size`, `offset`/`limit`) unless it is
  /// given other names.
  public static var fastAPIPagination: Self {
    var style = keyPath(
      "items", next: "links.next", count: "total", previous: "links.prev", page: "page", pages: "pages")
    style.parameters = .fastAPI
    return style
  }
}
