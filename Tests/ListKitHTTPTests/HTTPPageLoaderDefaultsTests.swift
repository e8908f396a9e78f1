import Foundation
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The defaults fit real APIs: Django's dates and decimals decode, totals come from a header, a
/// decoding failure says where and what, and two settings cannot both shift the first page.
@Suite struct HTTPPageLoaderDefaultsTests {
  struct Order: Decodable, Sendable, Identifiable, Equatable {
    var id: Int
    var created: Date
    var price: Decimal
  }

  let base = URL(string: "http://127.0.0.1:9/orders/")!
  let firstPage = PageRequest(position: .page(index: 0, size: 20), direction: .refresh)

  /// Reads `body` as a 200 JSON response with `headers`, through the loader's own reading.
  func read<Item: Decodable & Sendable>(
    _ body: String, as style: HTTPResponseStyle<Item>, headers: [String: String] = [:],
    decoder: JSONDecoder? = nil
  ) throws(HTTPPageLoaderError) -> Page<Item> {
    let loader =
      decoder.map { HTTPPageLoader(baseURL: base, style: style, decoder: $0) }
      ?? HTTPPageLoader(baseURL: base, style: style)
    let response = HTTPURLResponse(
      url: base, statusCode: 200, httpVersion: "HTTP/1.1",
      headerFields: ["Content-Type": "application/json"].merging(headers) { $1 })!
    return try loader.read(
      HTTPResponse(body: Data(body.utf8), response: response, request: firstPage),
      redactor: loader.makeRedactor(for: RequestContext()))
  }

  @Test(arguments: [
    ("2024-05-01T12:00:00Z", 1_714_564_800.0),
    ("2024-05-01T12:00:00.250Z", 1_714_564_800.25),
    ("2024-05-01T12:00:00.123456Z", 1_714_564_800.123456),
    ("2024-05-01T14:00:00+02:00", 1_714_564_800.0),
    ("2024-05-01T06:30:00.5-05:30", 1_714_564_800.5),
  ])
  func djangoDatesDecodeByDefault(text: String, seconds: Double) throws {
    let page = try read(
      #"{"count": 1, "next": null, "results": [{"id": 1, "created": "\#(text)", "price": 1}]}"#,
      as: HTTPResponseStyle<Order>.envelope())
    let created = try #require(page.items.first?.created)
    #expect(abs(created.timeIntervalSince1970 - seconds) < 0.001, "\(text) → \(created)")
  }

  @Test func decimalsDecodeFromStringsAndNumbers() throws {
    let page = try read(
      #"""
      {"count": 3, "next": null, "results": [
        {"id": 1, "created": "2024-05-01T12:00:00Z", "price": "12.50"},
        {"id": 2, "created": "2024-05-01T12:00:00Z", "price": 0.1},
        {"id": 3, "created": "2024-05-01T12:00:00Z", "price": "-1999.99"}]}
      """#, as: HTTPResponseStyle<Order>.envelope())
    #expect(
      page.items.map(\.price) == [
        Decimal(string: "12.50")!, Decimal(string: "0.1")!, Decimal(string: "-1999.99")!,
      ])
    #expect(page.totalCount == 3)
  }

  @Test func aDecodingFailureNamesThePathTheTypeAndWhatWasThere() {
    #expect(
      throws: HTTPPageLoaderError.decodingFailed(
        codingPath: "results[1].price", reason: #"expected Decimal, found the string "twelve""#)
    ) {
      try read(
        #"""
        {"count": 2, "next": null, "results": [
          {"id": 1, "created": "2024-05-01T12:00:00Z", "price": "1"},
          {"id": 2, "created": "2024-05-01T12:00:00Z", "price": "twelve"}]}
        """#, as: HTTPResponseStyle<Order>.envelope())
    }
    do {
      _ = try read(
        #"[{"id": 1, "created": "yesterday", "price": 1}]"#, as: HTTPResponseStyle<Order>.array)
      Issue.record("a bad date decoded")
    } catch {
      guard case .decodingFailed(let path, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == "[0].created")
      #expect(reason.contains("ISO 8601") && reason.contains("\"yesterday\""), "\(reason)")
    }
  }

  @Test func aDecimalStringThatANumberCannotHoldExactlyIsAnErrorNotARoundedValue() {
    #expect(throws: HTTPPageLoaderError.self) {
      try read(
        #"[{"id": 1, "created": "2024-05-01T12:00:00Z", "price": "12345678901234567.89"}]"#,
        as: HTTPResponseStyle<Order>.array)
    }
  }

  @Test func anAppsOwnDecoderStillReadsDecimalStrings() throws {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let page = try read(
      #"[{"id": 1, "created": 0, "price": "3.75"}]"#, as: HTTPResponseStyle<Order>.array, decoder: decoder)
    #expect(page.items.first?.price == Decimal(string: "3.75"))
  }

  @Test func theXTotalCountHeaderIsTheTotal() throws {
    let array = try read(
      #"[{"id": 1, "name": "a"}]"#, as: HTTPResponseStyle<TestItem>.array, headers: ["X-Total-Count": "1000"])
    #expect(array.totalCount == 1000)
    let linked = try read(
      #"[{"id": 1, "name": "a"}]"#, as: HTTPResponseStyle<TestItem>.linkHeader(),
      headers: ["X-Total-Count": " 42 "])
    #expect(linked.totalCount == 42)
    let nested = try read(
      #"{"data": [{"id": 1, "name": "a"}]}"#, as: HTTPResponseStyle<TestItem>.keyPath("data"),
      headers: ["X-Total-Count": "7"])
    #expect(nested.totalCount == 7)
    let envelope = try read(
      #"{"count": 5, "next": null, "results": []}"#, as: HTTPResponseStyle<TestItem>.envelope(),
      headers: ["X-Total-Count": "9"])
    #expect(envelope.totalCount == 5, "the body's count wins")
    let empty = try read("[]", as: HTTPResponseStyle<TestItem>.array, headers: ["X-Total-Count": "0"])
    #expect(empty.totalCount == 0, "an empty list's total")
    for bad in ["-1", "many", ""] {
      let page = try read("[]", as: HTTPResponseStyle<TestItem>.array, headers: ["X-Total-Count": bad])
      #expect(page.totalCount == nil, "\(bad)")
    }
  }

  /// A `hasMore` key the style names decides, and one the response leaves out or sets to null
  /// means no more pages, whatever else the page looks like (a full page, a next link).
  @Test func aNamedHasMoreKeyThatIsMissingOrNullMeansNoMore() throws {
    let style = HTTPResponseStyle<TestItem>.keyPath("items", hasMore: "more", next: "next")
    let items = (1...20).map { #"{"id": \#($0), "name": "a"}"# }.joined(separator: ", ")
    for more in [#""more": true,"#, #""more": null,"#, ""] {
      let page = try read(#"{\#(more) "next": "c2", "items": [\#(items)]}"#, as: style)
      #expect(page.items.count == 20)
      #expect(page.hasMore == more.contains("true"), "\(more)")
    }
  }

  @Test func parameterNamesTheServerWouldMisreadAreAnErrorAtCreation() {
    // One name for a page and its size sends `page=3&page=20`: the server reads one of them
    // for both, and skips or repeats pages.
    #expect(throws: HTTPPagingParametersError.sharedName("page", parameter: "page")) {
      try HTTPPagingParameters(pageSize: "page")
    }
    #expect(throws: HTTPPagingParametersError.sharedName("n", parameter: "offset")) {
      try HTTPPagingParameters(offset: "n", limit: "n")
    }
    #expect(throws: HTTPPagingParametersError.sharedName("after", parameter: "cursor")) {
      try HTTPPagingParameters(cursor: "after", cursorLimit: "after")
    }
    #expect(throws: HTTPPagingParametersError.emptyName(parameter: "page")) {
      try HTTPPagingParameters(page: "")
    }
    #expect(throws: HTTPPagingParametersError.emptyName(parameter: "cursorLimit")) {
      try HTTPPagingParameters(cursorLimit: "")
    }
    #expect(throws: Never.self) { try HTTPPagingParameters(pageSize: nil, cursorLimit: nil) }
    #expect((try? HTTPPagingParameters()) == .standard, "the defaults are Django REST framework's names")
  }
}
