import Foundation
import Testing

@testable import ListKitHTTP

/// A style mapped to another model (``HTTPResponseStyle/map(_:)``) keeps what the style asks of
/// the request and the response: a preset's parameter names and headers, the total's header.
@Suite struct HTTPResponseStyleMapTests {
  struct Model: Sendable {
    var id: Int
  }

  @Test func aMappedStyleKeepsItsParametersHeadersAndTotalHeader() {
    let fastAPI = HTTPResponseStyle<TestItem>.fastAPIPagination.totalCount(fromHeader: "X-Count")
    let mapped = fastAPI.map { Model(id: $0.id) }
    #expect(mapped.parameters == .fastAPI)
    #expect(mapped.totalHeader == "X-Count")
    #expect(mapped.requiresJSON)
    let jsonAPI = HTTPResponseStyle<String>.jsonAPI { (resource: JSONAPIResource<TestItem>) in resource.id }
      .map { Model(id: Int($0) ?? 0) }
    #expect(jsonAPI.requestHeaders == ["Accept": "application/vnd.api+json"])
    #expect(jsonAPI.parameters == .jsonAPI)
  }
}
