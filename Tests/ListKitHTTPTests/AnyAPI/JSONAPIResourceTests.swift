import Foundation
import ListKitHTTP
import Testing

/// A JSON:API resource's id is a string by the specification; a number is read as its decimal
/// text, and anything else is a decoding error.
@Suite struct JSONAPIResourceTests {
  struct Attributes: Decodable, Sendable, Equatable {
    var title: String
  }

  private func decode(_ json: String) throws -> JSONAPIResource<Attributes> {
    try JSONDecoder().decode(JSONAPIResource<Attributes>.self, from: Data(json.utf8))
  }

  @Test func aStringIdIsKeptAsItIs() throws {
    let resource = try decode(#"{"type": "articles", "id": "007", "attributes": {"title": "a"}}"#)
    #expect(resource.type == "articles")
    #expect(resource.id == "007")
    #expect(resource.attributes == Attributes(title: "a"))
  }

  @Test func aNumberIdIsReadAsItsDecimalText() throws {
    let resource = try decode(#"{"type": "articles", "id": 42, "attributes": {"title": "a"}}"#)
    #expect(resource.id == "42")
  }

  @Test func anIdThatIsNeitherIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try decode(#"{"type": "articles", "id": true, "attributes": {"title": "a"}}"#)
    }
    #expect(throws: DecodingError.self) {
      try decode(#"{"type": "articles", "attributes": {"title": "a"}}"#)
    }
  }
}
