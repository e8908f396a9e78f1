import Foundation
import ListKit

/// How an ``HTTPPageLoader`` reads a page out of a successful response.
///
/// The built-in styles read JSON and require a JSON `Content-Type` (`application/json`,
/// `text/json` or any `…+json`; a response without `Content-Type` is read too):
///
/// | style | body | has more when |
/// | --- | --- | --- |
/// | ``array`` | `[item, …]` | the page is full |
/// | ``envelope(results:next:count:previous:)`` | `{"count": n, "next": url, "results": […]}` | `next` is not null |
/// | ``linkHeader(items:)`` | `[item, …]` + `Link: <url>; rel="next"` | a `next` link exists |
/// | ``keyPath(_:hasMore:next:count:previous:)`` | items at a nested key path | a flag, a next value, or a full page |
/// | ``custom(requiresJSON:_:)`` | anything | your closure says |
///
/// The next-page URL (from `next` or the `Link` header) becomes ``Page/nextCursor``; a list in
/// cursor mode hands it back and the loader requests it as it is. The previous-page URL or cursor
/// (DRF's `previous`, `Link: <url>; rel="prev"`, a `before` cursor at a key path) becomes
/// ``Page/previousCursor`` the same way, for lists that page backwards (a chat, a list opened in
/// the middle); for a previous-page request, "has more" means a previous one exists. The total becomes
/// ``Page/totalCount``: the envelope's `count` when the style reads one, otherwise an
/// `X-Total-Count` header (json-server, many Rails and Node APIs).
public struct HTTPResponseStyle<Item: Decodable & Sendable>: Sendable {
  let requiresJSON: Bool
  let read: @Sendable (HTTPResponse, JSONDecoder) throws -> Page<Item>

  private init(
    requiresJSON: Bool, read: @escaping @Sendable (HTTPResponse, JSONDecoder) throws -> Page<Item>
  ) {
    self.requiresJSON = requiresJSON
    self.read = read
  }

  /// A bare JSON array of items; more follow when the page is full.
  public static var array: Self {
    Self(requiresJSON: true) { response, decoder in
      let items = try decoder.decode([Item].self, from: response.body)
      return Page(items: items, hasMore: isFull(items, response), totalCount: headerTotal(response))
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
  /// URL, becomes ``Page/nextCursor``.
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
      return Page(
        items: items, hasMore: response.request.isPreviousPage ? previous != nil : next != nil,
        nextCursor: next, previousCursor: previous, totalCount: headerTotal(response))
    }
  }

  /// The items at a nested key path, with optional paths to a has-more flag, a next-page value
  /// and a total count; paths are dotted (`"data.list.items"`).
  ///
  /// More follow when the `hasMore` flag is true; without a flag, when the `next` value is present
  /// and not null; without either, when the page is full. A missing or null optional value
  /// counts as absent. For a previous-page request with a `previous` path, more come before when
  /// the `previous` value is present.
  /// - Parameters:
  ///   - items: The path of the items array.
  ///   - hasMore: The path of a Boolean has-more flag, or `nil`.
  ///   - next: The path of a next-page URL or cursor (a string or a number), or `nil`.
  ///   - count: The path of the total count, or `nil`.
  ///   - previous: The path of a previous-page URL or `before` cursor (a string or a number), or
  ///     `nil`.
  /// - Returns: The style.
  public static func keyPath(
    _ items: String, hasMore: String? = nil, next: String? = nil, count: String? = nil,
    previous: String? = nil
  ) -> Self {
    let spec = EnvelopeSpec(items: items, hasMore: hasMore, next: next, count: count, previous: previous)
    return Self(requiresJSON: true) { response, decoder in
      let envelope = try EnvelopeSpec.$current.withValue(spec) {
        try decoder.decode(Envelope<Item>.self, from: response.body)
      }
      let more: Bool =
        if spec.previous != nil, response.request.isPreviousPage {
          envelope.previous != nil
        } else if spec.hasMore != nil {
          envelope.hasMore ?? false
        } else if spec.next != nil {
          envelope.next != nil
        } else {
          isFull(envelope.items, response)
        }
      return Page(
        items: envelope.items, hasMore: more, nextCursor: envelope.next, previousCursor: envelope.previous,
        totalCount: envelope.count ?? headerTotal(response))
    }
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

  /// The `X-Total-Count` header's count, when it is a non-negative integer.
  private static func headerTotal(_ response: HTTPResponse) -> Int? {
    guard let text = response.value(forHeader: "X-Total-Count"),
      let total = Int(text.trimmingCharacters(in: .whitespaces)), total >= 0
    else { return nil }
    return total
  }

  private static func isFull(_ items: [Item], _ response: HTTPResponse) -> Bool {
    !items.isEmpty && items.count >= response.request.limit
  }
}
