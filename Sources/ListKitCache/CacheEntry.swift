import Foundation

/// The JSON document of one cache entry.
///
/// ```json
/// {"schemaVersion":1,"savedAt":1795000000.5,"itemCount":2,"hasMore":true,
///  "nextCursor":"c2","totalCount":40,"items":[{...},{...}]}
/// ```
///
/// `savedAt` is seconds since 1970 (so the entry does not depend on a date strategy). Items are
/// encoded by their own `Codable` conformance with a default `JSONEncoder`. The header is read
/// in the same pass as the items: a document that is not JSON, or lacks a header field, is
/// corrupt; one whose items alone fail to decode is undecodable.
struct CacheEntry<Item> {
  var schemaVersion: Int
  var savedAt: Double
  var itemCount: Int
  var hasMore: Bool
  var nextCursor: String?
  var totalCount: Int?
  /// The items, or why they did not decode.
  var items: Result<[Item], any Error>

  enum CodingKeys: String, CodingKey {
    case schemaVersion, savedAt, itemCount, hasMore, nextCursor, totalCount, items
  }
}

extension CacheEntry: Encodable where Item: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(savedAt, forKey: .savedAt)
    try container.encode(itemCount, forKey: .itemCount)
    try container.encode(hasMore, forKey: .hasMore)
    try container.encodeIfPresent(nextCursor, forKey: .nextCursor)
    try container.encodeIfPresent(totalCount, forKey: .totalCount)
    try container.encode(items.get(), forKey: .items)
  }
}

extension CacheEntry: Decodable where Item: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    savedAt = try container.decode(Double.self, forKey: .savedAt)
    itemCount = try container.decode(Int.self, forKey: .itemCount)
    hasMore = try container.decode(Bool.self, forKey: .hasMore)
    nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
    totalCount = try container.decodeIfPresent(Int.self, forKey: .totalCount)
    guard container.contains(.items) else {
      throw DecodingError.keyNotFound(
        CodingKeys.items, .init(codingPath: container.codingPath, debugDescription: "no items"))
    }
    do {
      items = .success(try container.decode([Item].self, forKey: .items))
    } catch {
      items = .failure(error)
    }
  }
}

extension CacheEntry: Sendable where Item: Sendable {}
