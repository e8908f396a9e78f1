import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// One way the fixture server pages its list (a path and the response style it answers with) and
/// the loader settings that read it: a case of the tests that run every style through a list.
struct FixtureEndpoint: Sendable, CustomTestStringConvertible {
  var name: String
  var path: String
  var style: HTTPResponseStyle<TestItem>
  var paging: PagingStyle
  var parameters = HTTPPagingParameters.standard

  var testDescription: String { name }

  /// A loader of this endpoint on `server`.
  func loader(on server: FixturePageServer) -> HTTPPageLoader<TestItem> {
    HTTPPageLoader(baseURL: server.url(path), style: style, parameters: parameters)
  }
}

extension HTTPResponseStyle<TestItem> {
  /// The fixture's `/custom` shape, which no built-in style reads:
  /// `{"payload": {"entries": [...], "more": true, "after": "a90"}}`.
  static var fixtureCustomPayload: Self {
    .custom { response in
      let body = try JSONDecoder().decode(CustomPayload.self, from: response.body).payload
      return Page(items: body.entries, hasMore: body.more, nextCursor: body.after)
    }
  }
}

/// The body of the fixture's `/custom` answers.
private struct CustomPayload: Decodable {
  struct Body: Decodable {
    var entries: [TestItem]
    var more: Bool
    var after: String?
  }
  var payload: Body
}
