import Foundation
import ListKit
import ListKitHTTP

/// A page of photos as a JSON API returns it: a bare array, or an object holding the array with
/// where to go next.
///
/// ```json
/// [photo, …]
/// {"results": [photo, …], "next": "https://…?page=3", "count": 237}
/// {"items": [photo, …], "has_more": true, "next": "c2FsdA", "total": 237}
/// ```
///
/// The array is under `results`, `items` or `data`; `next` (a URL, a cursor string or a number,
/// or null) becomes the next cursor; `has_more` (or `hasMore`) says whether more follow, and
/// without it more follow when `next` is not null. `count` or `total` is the total. A bare array
/// has more when it is full.
struct PhotoEnvelope: Decodable {
  var items: [Photo]
  var next: String?
  var hasMore: Bool?
  var total: Int?

  enum CodingKeys: String, CodingKey {
    case results, items, data, next, count, total
    case hasMore = "has_more"
    case hasMoreCamelCase = "hasMore"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let key = [CodingKeys.results, .items, .data].first(where: container.contains) else {
      throw DecodingError.keyNotFound(
        CodingKeys.results,
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "no photo array under results, items or data"))
    }
    items = try container.decode([Photo].self, forKey: key)
    if let text = try? container.decodeIfPresent(String.self, forKey: .next) {
      next = text
    } else {
      next = try container.decodeIfPresent(Int.self, forKey: .next).map(String.init)
    }
    hasMore =
      try container.decodeIfPresent(Bool.self, forKey: .hasMore)
      ?? container.decodeIfPresent(Bool.self, forKey: .hasMoreCamelCase)
    total =
      try container.decodeIfPresent(Int.self, forKey: .count)
      ?? container.decodeIfPresent(Int.self, forKey: .total)
  }

  /// The response style the demo's HTTP loader reads pages with.
  static var responseStyle: HTTPResponseStyle<Photo> {
    .custom { response in
      let decoder = JSONDecoder()
      let first = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      if first == UInt8(ascii: "[") {
        let items = try decoder.decode([Photo].self, from: response.body)
        return Page(items: items, hasMore: !items.isEmpty && items.count >= response.request.limit)
      }
      let envelope = try decoder.decode(PhotoEnvelope.self, from: response.body)
      let hasMore =
        envelope.hasMore
        ?? (envelope.next != nil || (envelope.total == nil && envelope.items.count >= response.request.limit))
      return Page(
        items: envelope.items, hasMore: hasMore && !envelope.items.isEmpty, nextCursor: envelope.next,
        totalCount: envelope.total)
    }
  }
}
