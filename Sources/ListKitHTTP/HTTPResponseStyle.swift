import Foundation
import ListKit

/// How an ``HTTPPageLoader`` reads a page out of a successful response.
///
/// The built-in styles read JSON and require a JSON `Content-Type` (`application/json`,
/// `text/json` or any `…+json`; a response without `Content-Type` is read too):
///
/// | style | body | has more when |
/// | --- | --- | --- |
/// | ``array`` | `[item, …]` | `offset + count < total`, else the page is full |
/// | ``envelope(results:next:count:previous:)`` | `{"count": n, "next": url, "results": […]}` | `next` is not null |
/// | ``linkHeader(items:)`` | `[item, …]` + `Link: <url>; rel="next"` | a `next` link exists |
/// | ``keyPath(_:hasMore:next:count:previous:page:pages:)`` | items at a nested key path | a flag, `page < pages`, `offset + count < total`, a next value, or a full page |
/// | ``relay(_:)`` | a Relay connection (GraphQL) | `pageInfo.hasNextPage` |
/// | ``custom(requiresJSON:_:)`` | anything | your closure says |
///
/// Presets name whole APIs, with the parameter names and headers their servers require:
/// ``jsonAPI(_:)``, ``fastAPIPagination``, ``relay(_:)``. ``map(_:)`` turns each decoded element
/// into the app's model.
///
/// The next-page URL (from `next` or the `Link` header) becomes ``Page/nextCursor``; a list in
/// cursor mode hands it back and the loader requests it as it is. A relative link (`/items?page=2`,
/// `?page=2`, `./…`, `../…`) is resolved against the URL that answered; any other value that is
/// not an absolute URL (`bz0yMA==`, `a90`) is an opaque cursor, sent back as the cursor
/// parameter. The previous-page URL or cursor
/// (DRF's `previous`, `Link: <url>; rel="prev"`, a `before` cursor at a key path) becomes
/// ``Page/previousCursor`` the same way, for lists that page backwards (a chat, a list opened in
/// the middle); for a previous-page request, "has more" means a previous one exists. The total becomes
/// ``Page/totalCount``: the envelope's `count` when the style reads one, otherwise an
/// `X-Total-Count` header (json-server, many Rails and Node APIs; another name with
/// ``totalCount(fromHeader:)``), otherwise, on the page a `Link: rel="last"` names, the items
/// before it plus its own.
public struct HTTPResponseStyle<Item: Sendable>: Sendable {
  let requiresJSON: Bool
  let read: @Sendable (HTTPResponse, JSONDecoder) throws -> Page<Item>
  /// Headers the server requires (a preset's `Accept`); the loader's own headers win.
  var requestHeaders: [String: String] = [:]
  /// The parameter names the server reads, used when the loader is given none.
  var parameters: HTTPPagingParameters?
  /// The header a total count is read from.
  var totalHeader = "X-Total-Count"

  init(
    requiresJSON: Bool, read: @escaping @Sendable (HTTPResponse, JSONDecoder) throws -> Page<Item>
  ) {
    self.requiresJSON = requiresJSON
    self.read = read
  }

  /// A style of your own: your closure turns a 2xx response into a page.
  ///
  /// A `DecodingError` it throws is reported as ``HTTPPageLoaderError/decodingFailed(codingPath:reason:)``,
  /// an ``HTTPPageLoaderError`` as it is, and anything else as a decoding failure with its text.
  /// - Parameters:
  ///   - requiresJSON: Whether to insist on a JSON `Content-Type` before calling `read`.
  ///   - read: Reads the page; the response's `request.limit` says how many items were asked for.
  /// - Returns: The style.
  public static func custom(
    requiresJSON: Bool = true, _ read: @escaping @Sendable (HTTPResponse) throws -> Page<Item>
  ) -> Self {
    Self(requiresJSON: requiresJSON) { response, _ in try read(response) }
  }

  /// This style with the total count read from another header, for servers that do not send
  /// `X-Total-Count` (for example `X-Total`, `X-Pagination-Total-Count`).
  ///
  /// An offset request then has more when `offset + count < total`, so a list that ends on a
  /// full page makes no extra, empty request.
  /// - Parameter name: The header's name, compared case-insensitively.
  /// - Returns: The style.
  public func totalCount(fromHeader name: String) -> Self {
    var style = self
    style.totalHeader = name
    return style
  }

  /// This style with each decoded element turned into the app's model, for APIs whose elements
  /// are not the model (JSON:API's `{"id", "type", "attributes"}`, a wrapper object).
  ///
  /// ```swift
  /// HTTPResponseStyle<ArticleResource>.keyPath("data").map { Article(id: $0.id, title: $0.title) }
  /// ```
  /// An error `transform` throws fails the load as a decoding failure with its text.
  /// - Parameter transform: Turns one decoded element into a model.
  /// - Returns: A style of the model, with the same paging values.
  /// - Complexity: O(n) calls of `transform` for a page of n items.
  public func map<Model: Sendable>(
    _ transform: @escaping @Sendable (Item) throws -> Model
  ) -> HTTPResponseStyle<Model> {
    let read = self.read
    return reading { response, decoder in
      let page = try read(response, decoder)
      return Page(
        items: try page.items.map(transform), hasMore: page.hasMore, nextCursor: page.nextCursor,
        previousCursor: page.previousCursor, totalCount: page.totalCount, startOffset: page.startOffset)
    }
  }

  /// A style with this one's content type rule and request settings, and another reader.
  func reading<Other>(
    _ read: @escaping @Sendable (HTTPResponse, JSONDecoder) throws -> Page<Other>
  ) -> HTTPResponseStyle<Other> {
    var style = HTTPResponseStyle<Other>(requiresJSON: requiresJSON, read: read)
    style.requestHeaders = requestHeaders
    style.parameters = parameters
    style.totalHeader = totalHeader
    return style
  }

  /// The total count header's value, when it is a non-negative integer.
  static func headerTotal(_ response: HTTPResponse) -> Int? {
    guard let text = response.value(forHeader: response.totalHeader),
      let total = Int(text.trimmingCharacters(in: .whitespaces)), total >= 0
    else { return nil }
    return total
  }

  /// Whether more follow an offset request's page, from the total: `offset + count < total`;
  /// `nil` for other requests or without a total.
  static func hasMore(total: Int?, count: Int, request: PageRequest) -> Bool? {
    guard let total, request.direction != .previousPage, case .offset(let offset, _) = request.position else {
      return nil
    }
    return offset + count < total
  }

  static func isFull(_ items: [some Any], _ response: HTTPResponse) -> Bool {
    !items.isEmpty && items.count >= response.request.limit
  }
}

extension HTTPResponseStyle where Item: Decodable {
  /// A bare JSON array of items; more follow when an offset request's `offset + count` is below
  /// the header's total, or, without a total, when the page is full.
  public static var array: Self {
    Self(requiresJSON: true) { response, decoder in
      let items = try decoder.decode([Item].self, from: response.body)
      let total = headerTotal(response)
      return Page(
        items: items,
        hasMore: hasMore(total: total, count: items.count, request: response.request)
          ?? isFull(items, response),
        totalCount: total)
    }
  }

  /// An envelope with the items, a next-page URL and a total count, as Django REST framework's
  /// page-number, limit-offset and cursor paginations return.
  ///
  /// More follow when `next` is present and not null; it becomes ``Page/nextCursor``. With
  /// `next: nil`, more follow when the page is full. `previous` becomes ``Page/previousCursor``.
  /// - Parameters:
  ///   - results: The key (or dotted key path) of the items array.
  ///   - next: The key of the next-page URL or cursor, or `nil` when there is none.
  ///   - count: The key of the total count, or `nil` when there is none.
  ///   - previous: The key of the previous-page URL or cursor, or `nil` when there is none.
  /// - Returns: The style.
  public static func envelope(
    results: String = "results", next: String? = "next", count: String? = "count",
    previous: String? = "previous"
  ) -> Self {
    keyPath(results, next: next, count: count, previous: previous)
  }

  /// A bare JSON array (or the items at a key path) with the next page in an RFC 8288 `Link`
  /// header, as GitHub's API returns.
  ///
  /// More follow when a link has relation type `next`; its URL, resolved against the response
  /// URL, becomes ``Page/nextCursor``. The total is the total count header's, or, on the page the
  /// `last` link names (by its page number or offset parameter), the items before that page plus
  /// its own; pages are counted from the `first` link's page number, or from 1.
  /// - Parameter items: A dotted key path to the items, or `nil` when the body is the array.
  /// - Returns: The style.
  public static func linkHeader(items: String? = nil) -> Self {
    let spec = items.map { EnvelopeSpec(items: $0, hasMore: nil, next: nil, count: nil) }
    return Self(requiresJSON: true) { response, decoder in
      let items: [Item]
      if let spec {
        items = try EnvelopeSpec.$current.withValue(spec) {
          try decoder.decode(Envelope<Item>.self, from: response.body).items
        }
      } else {
        items = try decoder.decode([Item].self, from: response.body)
      }
      let links = response.value(forHeader: "Link").map(LinkHeader.init(parsing:))
      func link(_ relation: String) -> String? {
        links?.target(forRelation: relation)
          .map { URL(string: $0, relativeTo: response.url)?.absoluteString ?? $0 }
      }
      let next = link("next")
      // RFC 8288 registers both "prev" and "previous".
      let previous = link("prev") ?? link("previous")
      let total =
        headerTotal(response)
        ?? LastPageTotal.total(
          last: link("last"), first: link("first"), count: items.count, response: response)
      return Page(
        items: items, hasMore: (response.request.direction == .previousPage) ? previous != nil : next != nil,
        nextCursor: next, previousCursor: previous, totalCount: total)
    }
  }

  /// The items at a nested key path, with optional paths to a has-more flag, a next-page value,
  /// a total count and page numbers; paths are dotted (`"data.list.items"`).
  ///
  /// More follow when the `hasMore` flag is true; without a flag, when `page < pages`; without
  /// both, for an offset request, when `offset + count < total`; otherwise when the `next` value
  /// is present and not null; without any of them, when the page is full. A missing or null
  /// optional value counts as absent. For a previous-page request with a `previous` path, more
  /// come before when the `previous` value is present. A relative `next` or `previous` link is
  /// resolved against the URL that answered (see ``HTTPResponseStyle``).
  /// - Parameters:
  ///   - items: The path of the items array.
  ///   - hasMore: The path of a Boolean has-more flag, or `nil`.
  ///   - next: The path of a next-page URL or cursor (a string or a number), or `nil`.
  ///   - count: The path of the total count, or `nil`.
  ///   - previous: The path of a previous-page URL or `before` cursor (a string or a number), or
  ///     `nil`.
  ///   - page: The path of this page's number, or `nil`.
  ///   - pages: The path of the number of pages, or `nil`.
  /// - Returns: The style.
  public static func keyPath(
    _ items: String, hasMore: String? = nil, next: String? = nil, count: String? = nil,
    previous: String? = nil, page: String? = nil, pages: String? = nil
  ) -> Self {
    let spec = EnvelopeSpec(
      items: items, hasMore: hasMore, next: next, count: count, previous: previous, page: page, pages: pages)
    return Self(requiresJSON: true) { response, decoder in
      let envelope = try EnvelopeSpec.$current.withValue(spec) {
        try decoder.decode(Envelope<Item>.self, from: response.body)
      }
      let next = envelope.next.map { PageLink.resolve($0, against: response.url) }
      let previous = envelope.previous.map { PageLink.resolve($0, against: response.url) }
      return makePage(
        envelope, items: envelope.items, next: next, previous: previous, spec: spec, response: response)
    }
  }

  /// The page an envelope describes, with `hasMore` decided as ``keyPath(_:hasMore:next:count:previous:page:pages:)`` says.
  static func makePage<Element>(
    _ envelope: Envelope<Element>, items: [Item], next: String?, previous: String?, spec: EnvelopeSpec,
    response: HTTPResponse
  ) -> Page<Item> {
    let total = envelope.count ?? headerTotal(response)
    let more: Bool =
      if response.request.direction == .previousPage, spec.hasPrevious != nil || spec.previous != nil {
        envelope.hasPrevious ?? (previous != nil)
      } else if spec.hasMore != nil {
        envelope.hasMore ?? false
      } else if let page = envelope.page, let pages = envelope.pages {
        page < pages
      } else if let fromTotal = hasMore(total: total, count: items.count, request: response.request) {
        fromTotal
      } else if spec.next != nil {
        next != nil
      } else {
        isFull(items, response)
      }
    return Page(items: items, hasMore: more, nextCursor: next, previousCursor: previous, totalCount: total)
  }
}
