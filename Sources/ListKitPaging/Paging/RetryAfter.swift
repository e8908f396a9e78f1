import Foundation

/// When a server said to try again: HTTP's `Retry-After`, a delay or a date (RFC 9110 §10.2.3).
public enum RetryAfter: Hashable, Sendable {
  /// Try again after this many seconds.
  case seconds(Int)
  /// Try again after this date.
  case date(Date)

  /// Reads a `Retry-After` header: a number of seconds (`120`) or an HTTP date
  /// (`Wed, 21 Oct 2015 07:28:00 GMT`, or the obsolete RFC 850 and asctime forms).
  /// - Parameter header: The header's value.
  /// - Returns: `nil` when the value is neither.
  public init?(header: String) {
    let text = header.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) {
      self = .seconds(Int(text) ?? .max)
      return
    }
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) {
        self = .date(date)
        return
      }
    }
    return nil
  }

  /// A sentence that says when to try again: "Please try again in 2 minutes." or "Please try
  /// again after 3:04 PM." (the date in the user's locale and time zone).
  public var suggestion: String {
    switch self {
    case .seconds(let seconds) where seconds < 90:
      "Please try again in \(seconds) second\(seconds == 1 ? "" : "s")."
    case .seconds(let seconds) where seconds < 90 * 60:
      "Please try again in \((seconds + 59) / 60) minutes."
    case .seconds(let seconds):
      "Please try again in \(seconds / 3600 + (seconds % 3600 == 0 ? 0 : 1)) hours."
    case .date(let date):
      "Please try again after \(date.formatted(date: .abbreviated, time: .shortened))."
    }
  }
}

extension RetryAfter: CustomStringConvertible {
  /// `120 s` or the date in ISO 8601.
  public var description: String {
    switch self {
    case .seconds(let seconds): "\(seconds) s"
    case .date(let date): date.formatted(.iso8601)
    }
  }
}
