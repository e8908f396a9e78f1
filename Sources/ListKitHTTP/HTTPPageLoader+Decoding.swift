import Foundation
import ListKit

extension HTTPPageLoader {
  /// The decoder a loader uses when none is given: it reads what Django REST framework and most
  /// JSON APIs send.
  ///
  /// - Dates are ISO 8601 strings with or without fractional seconds, with `Z` or a `±hh:mm`
  ///   offset (`2024-05-01T12:00:00Z`, `2024-05-01T12:00:00.123456+02:00`); anything else fails
  ///   with the coding path and the text found.
  /// - `Decimal` values may be JSON numbers or strings (a DRF `DecimalField` is `"12.50"`): the
  ///   loader reads a string that holds a decimal number as that number, whatever the decoder.
  ///
  /// Pass your own `JSONDecoder` as the loader's `decoder` for other strategies; decimal
  /// strings are still read.
  /// - Returns: A new decoder.
  public static func makeDefaultDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let date = ISO8601Dates.parse(text) { return date }
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "expected an ISO 8601 date such as 2024-05-01T12:00:00Z, found \"\(text.prefix(64))\"")
    }
    return decoder
  }
}

/// ISO 8601 date parsing with and without fractional seconds.
enum ISO8601Dates {
  /// The date a string names, or `nil`.
  static func parse(_ text: String) -> Date? {
    // NB: Apple's plain style refuses fractional seconds and the fractional one requires them;
    // try both.
    (try? Date.ISO8601FormatStyle().parse(text))
      ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
  }
}

/// Reads `Decimal` values sent as JSON strings: a decoder refuses them, so the body is rewritten
/// with the strings as numbers at the paths the decoder named, and read again.
enum DecimalStrings {
  /// The most distinct paths repaired in one body before giving up.
  static let maximumRepairs = 32

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
