import Foundation

/// The JSON form of a photo, read from an API (`--url`) and written to the first-page cache.
///
/// ```json
/// {"id": 7, "title": "Old lighthouse", "author": "Ana Jensen",
///  "taken_at": "2026-11-27T10:00:00Z", "likes": 120, "pinned": false}
/// ```
///
/// Only `id` (a whole number) is required. The title may be called `title` or `name`;
/// `taken_at` (or `takenAt`) is an ISO 8601 date-time or a number of seconds since 1970;
/// `author` defaults to "", `likes` to 0 and `pinned` (or `isPinned`) to false. Photos are
/// written with the first spelling of every key and the date as seconds since 1970, so a
/// written photo reads back equal, whatever decoder reads it.
extension Photo: Codable {
  enum CodingKeys: String, CodingKey {
    case id, title, name, author, likes, pinned, isPinned
    case takenAt = "taken_at"
    case takenAtCamelCase = "takenAt"
  }

  /// Reads a photo from the JSON form above.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `id` is missing or not a whole number, or a value has the
  ///   wrong type.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(Int.self, forKey: .id)
    let title =
      try container.decodeIfPresent(String.self, forKey: .title)
      ?? container.decodeIfPresent(String.self, forKey: .name) ?? "Photo \(id)"
    let dateKey: CodingKeys? =
      container.contains(.takenAt)
      ? .takenAt : container.contains(.takenAtCamelCase) ? .takenAtCamelCase : nil
    self.init(
      id: id, title: title, author: try container.decodeIfPresent(String.self, forKey: .author) ?? "",
      takenAt: try dateKey.map { try Self.date(in: container, forKey: $0) } ?? Date(timeIntervalSince1970: 0),
      likes: try container.decodeIfPresent(Int.self, forKey: .likes) ?? 0,
      isPinned: try container.decodeIfPresent(Bool.self, forKey: .pinned)
        ?? container.decodeIfPresent(Bool.self, forKey: .isPinned) ?? false)
  }

  /// Writes the photo in the JSON form above.
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(author, forKey: .author)
    try container.encode(takenAt.timeIntervalSince1970, forKey: .takenAt)
    try container.encode(likes, forKey: .likes)
    try container.encode(isPinned, forKey: .pinned)
  }

  private static func date(in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys) throws
    -> Date
  {
    if let seconds = try? container.decode(Double.self, forKey: key) {
      return Date(timeIntervalSince1970: seconds)
    }
    let text = try container.decode(String.self, forKey: key)
    guard let date = try? Date(text, strategy: .iso8601) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "'\(text)' is not an ISO 8601 date-time")
    }
    return date
  }
}
