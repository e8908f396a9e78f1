/// One resource object of a JSON:API document (`{"type", "id", "attributes"}`), as
/// ``HTTPResponseStyle/jsonAPI(_:)`` hands it to the app to make its model.
///
/// JSON:API ids are strings; a server that sends a number is read too, as its decimal text.
public struct JSONAPIResource<Attributes: Decodable & Sendable>: Decodable, Sendable {
  /// The resource type, for example `"articles"`.
  public var type: String
  /// The resource id.
  public var id: String
  /// The resource's attributes.
  public var attributes: Attributes

  private enum CodingKeys: String, CodingKey { case type, id, attributes }

  /// Reads a resource object.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `type`, `id` or `attributes` is missing or of another type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    type = try container.decode(String.self, forKey: .type)
    if let number = try? container.decode(Int.self, forKey: .id) {
      id = String(number)
    } else {
      id = try container.decode(String.self, forKey: .id)
    }
    attributes = try container.decode(Attributes.self, forKey: .attributes)
  }
}
