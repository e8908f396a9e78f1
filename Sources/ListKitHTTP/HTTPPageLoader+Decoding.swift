import Foundation
import ListKit

extension HTTPPageLoader {
  /// The decoder a loader uses when none is given: it reads what Django REST framework, FastAPI
  /// and most JSON APIs send.
  ///
  /// - Dates are ISO 8601: date-times with `Z` or a `±hh:mm` offset, with or without fractional
  ///   seconds (`2024-05-01T12:00:00Z`, `2024-05-01T12:00:00.123456+02:00`); date-times without
  ///   an offset (`2024-05-01T12:00:00`, `2024-05-01 12:00:00.5`), read in `timeZone`; and dates
  ///   (`2024-05-01`), midnight in `timeZone`. Anything else fails with the coding path and the
  ///   text found.
  /// - `Decimal` values may be JSON numbers or strings (a DRF `DecimalField` is `"12.50"`): a
  ///   string that holds a decimal number is read as that number, when the number survives
  ///   exactly.
  ///
  /// Pass your own `JSONDecoder` as the loader's `decoder` for other strategies; the loader still
  /// reads decimal strings.
  /// - Parameter timeZone: The time zone of date-times without an offset and of dates; UTC by
  ///   default.
  /// - Returns: A new decoder.
  public static func makeDefaultDecoder(timeZone: TimeZone = .gmt) -> JSONDecoder {
    let decoder = DecimalStringDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let date = ISO8601Dates.parse(text, timeZone: timeZone) { return date }
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "expected an ISO 8601 date such as 2024-05-01T12:00:00Z or 2024-05-01, found \"\(text.prefix(64))\""
      )
    }
    return decoder
  }
}

/// A `JSONDecoder` that reads `Decimal` values sent as JSON strings (see ``DecimalStrings``).
///
/// `@unchecked Sendable`: it adds no state to `JSONDecoder`, which is itself safe to share.
final class DecimalStringDecoder: JSONDecoder, @unchecked Sendable {
  override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try DecimalStrings.reading(data) { try super.decode(type, from: $0) }
  }
}

/// ISO 8601 dates and date-times, with or without an offset.
enum ISO8601Dates {
  /// The date a string names, or `nil`.
  /// - Parameters:
  ///   - text: The string.
  ///   - timeZone: The time zone of a date-time without an offset, or of a date.
  static func parse(_ text: String, timeZone: TimeZone) -> Date? {
    // NB: Apple's plain style refuses fractional seconds and the fractional one requires them;
    // try both.
    (try? Date.ISO8601FormatStyle().parse(text))
      ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
      ?? local(text, timeZone: timeZone)
  }

  /// `yyyy-MM-dd`, or `yyyy-MM-dd` `T` or space `HH:mm[:ss[.fraction]]`, in `timeZone`.
  private static func local(_ text: String, timeZone: TimeZone) -> Date? {
    let scalars = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= scalars.count, range.allSatisfy({ (48...57).contains(scalars[$0]) }) else {
        return nil
      }
      return range.reduce(0) { $0 * 10 + Int(scalars[$1] - 48) }
    }
    func isByte(_ index: Int, _ characters: String) -> Bool {
      index < scalars.count && characters.utf8.contains(scalars[index])
    }
    guard let year = number(0..<4), isByte(4, "-"), let month = number(5..<7), isByte(7, "-"),
      let day = number(8..<10)
    else { return nil }
    var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
    var fraction = 0.0
    if scalars.count > 10 {
      guard isByte(10, "T "), let hour = number(11..<13), isByte(13, ":"), let minute = number(14..<16) else {
        return nil
      }
      (components.hour, components.minute) = (hour, minute)
      var end = 16
      if scalars.count > 16 {
        guard isByte(16, ":"), let second = number(17..<19) else { return nil }
        components.second = second
        end = 19
        if scalars.count > 19 {
          let digits = scalars[20...]
          guard isByte(19, ".,"), !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else {
            return nil
          }
          fraction = Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
          end = scalars.count
        }
      }
      guard end == scalars.count else { return nil }
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // The calendar rolls 2024-02-30 over to March; a date that does not read back is refused.
    guard let date = calendar.date(from: components),
      calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        == DateComponents(
          year: components.year, month: components.month, day: components.day, hour: components.hour,
          minute: components.minute, second: components.second)
    else { return nil }
    return date.addingTimeInterval(fraction)
  }
}

/// Reads `Decimal` values sent as JSON strings: a decoder refuses them, so the body is rewritten
/// with the strings as numbers at the paths the decoder named, and read again.
enum DecimalStrings {
  /// The most distinct paths repaired in one body before giving up.
  static let maximumRepairs = 32

  /// Reads a body with `read`, and again with each string at the path of a `Decimal` type
  /// mismatch turned into its number, up to ``maximumRepairs`` times.
  /// - Throws: What `read` throws when the body cannot be repaired.
  static func reading<T>(_ body: Data, _ read: (Data) throws -> T) throws -> T {
    var body = body
    for _ in 0..<maximumRepairs {
      do {
        return try read(body)
      } catch DecodingError.typeMismatch(let type, let context) where type == Decimal.self {
        guard let repaired = repair(body, at: context.codingPath) else {
          throw DecodingError.typeMismatch(type, context)
        }
        body = repaired
      }
    }
    return try read(body)
  }

  /// The body with every string at `path` (array indexes taken as "every element") that holds a
  /// decimal number turned into that number, or `nil` when the path holds no such string.
  static func repair(_ body: Data, at path: [any CodingKey]) -> Data? {
    guard let tree = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
      return nil
    }
    var changed = false
    let repaired = rewrite(tree, path: path[...], changed: &changed)
    guard changed else { return nil }
    return try? JSONSerialization.data(withJSONObject: repaired, options: [.fragmentsAllowed])
  }

  private static func rewrite(_ value: Any, path: ArraySlice<any CodingKey>, changed: inout Bool) -> Any {
    guard let key = path.first else {
      guard let text = value as? String, let number = exactNumber(text) else { return value }
      changed = true
      return number
    }
    let rest = path.dropFirst()
    if key.intValue != nil, let array = value as? [Any] {
      return array.map { rewrite($0, path: rest, changed: &changed) }
    }
    if var object = value as? [String: Any], let child = object[key.stringValue] {
      object[key.stringValue] = rewrite(child, path: rest, changed: &changed)
      return object
    }
    return value
  }

  /// The number a string holds, when writing it as a JSON number keeps its decimal value exactly.
  private static func exactNumber(_ text: String) -> Any? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let decimal = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")),
      trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) })
    else { return nil }
    if let integer = Int(trimmed) { return integer }
    guard let double = Double(trimmed), double.isFinite,
      Decimal(string: "\(double)", locale: Locale(identifier: "en_US_POSIX")) == decimal
    else { return nil }
    return double
  }
}

/// What a JSON body holds at a coding path, in words, for decoding failures.
enum JSONValueDescription {
  /// For example `the string "12.50"`, `the value 3`, `an object`, `null`; "another type" when
  /// the body cannot be read there.
  static func describe(at path: [any CodingKey], in body: Data?) -> String {
    guard let body, var value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    else { return "another type" }
    for key in path {
      if let index = key.intValue, let array = value as? [Any], array.indices.contains(index) {
        value = array[index]
      } else if let object = value as? [String: Any], let child = object[key.stringValue] {
        value = child
      } else {
        return "another type"
      }
    }
    switch value {
    case let text as String: return "the string \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
    case is NSNull: return "null"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case let number as NSNumber: return "the value \(number)"
    default: return "another type"
    }
  }

}
