import Foundation
import ListKitHTTP
import Testing

/// `makeDefaultDecoder(timeZone:)` on its own: dates without an offset, date-only values and
/// decimal strings.
@Suite struct DefaultDecoderTests {
  typealias Loader = HTTPPageLoader<TestItem>

  /// 2026-05-01T00:00:00Z.
  static let mayFirst = Date(timeIntervalSince1970: 1_777_593_600)

  struct DateCase: Sendable, CustomTestStringConvertible {
    var text: String
    var timeZone: String
    var expected: Date
    var testDescription: String { "\(text) in \(timeZone)" }
  }

  @Test(arguments: [
    DateCase(text: "2026-05-01T12:00:00", timeZone: "UTC", expected: mayFirst + 12 * 3600),
    DateCase(text: "2026-05-01 12:00:00.25", timeZone: "UTC", expected: mayFirst + 12 * 3600 + 0.25),
    DateCase(text: "2026-05-01T12:00", timeZone: "UTC", expected: mayFirst + 12 * 3600),
    DateCase(text: "2026-05-01", timeZone: "UTC", expected: mayFirst),
    // Paris is two hours ahead of UTC in May.
    DateCase(text: "2026-05-01T12:00:00", timeZone: "Europe/Paris", expected: mayFirst + 10 * 3600),
    DateCase(text: "2026-05-01", timeZone: "Europe/Paris", expected: mayFirst - 2 * 3600),
    // An offset wins over the time zone.
    DateCase(text: "2026-05-01T12:00:00Z", timeZone: "Europe/Paris", expected: mayFirst + 12 * 3600),
    DateCase(text: "2026-05-01T12:00:00.5+02:00", timeZone: "UTC", expected: mayFirst + 10 * 3600 + 0.5),
  ])
  func aDateIsReadInItsTimeZone(_ example: DateCase) throws {
    let decoder = Loader.makeDefaultDecoder(timeZone: try #require(TimeZone(identifier: example.timeZone)))
    let date = try decoder.decode([Date].self, from: Data("[\"\(example.text)\"]".utf8))[0]
    #expect(abs(date.timeIntervalSince(example.expected)) < 0.001, "\(date) != \(example.expected)")
  }

  @Test(arguments: [
    "2026-02-30", "2026-13-01", "2026-05-01T24:00:00", "2026-05-01T12:00:00.", "2026-05-01T12",
    "2026-05-01X12:00:00", "1 May 2026", "",
  ])
  func anInvalidDateFailsWithTheTextFound(_ text: String) {
    let decoder = Loader.makeDefaultDecoder()
    #expect(throws: DecodingError.self) { try decoder.decode([Date].self, from: Data("[\"\(text)\"]".utf8)) }
  }

  struct Price: Decodable, Equatable {
    var amount: Decimal
    var amounts: [Decimal]
  }

  @Test func theDecoderAloneReadsDecimalStrings() throws {
    let body = Data(#"{"amount": "1.37", "amounts": ["12.50", 3, "-0.01"]}"#.utf8)
    let price = try Loader.makeDefaultDecoder().decode(Price.self, from: body)
    #expect(
      price
        == Price(
          amount: Decimal(string: "1.37")!,
          amounts: [Decimal(string: "12.50")!, 3, Decimal(string: "-0.01")!]))
  }

  @Test func aStringThatIsNoDecimalStillFails() {
    let body = Data(#"{"amount": "twelve", "amounts": []}"#.utf8)
    #expect(throws: DecodingError.self) { try Loader.makeDefaultDecoder().decode(Price.self, from: body) }
  }
}
