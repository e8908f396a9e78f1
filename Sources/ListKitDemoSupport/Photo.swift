import Foundation

/// One photo of the demo's data set.
package struct Photo: Identifiable, Hashable, Sendable {
  /// The photo's number, from 1.
  package var id: Int
  /// The title.
  package var title: String
  /// Who took it.
  package var author: String
  /// When it was taken.
  package var takenAt: Date
  /// How many people liked it.
  package var likes: Int
  /// Whether the author pinned it to the top.
  package var isPinned: Bool

  /// The day it was taken, as `yyyy-MM-dd` in UTC (computed without a formatter, so the same
  /// in every locale).
  package var day: String {
    let days = Int((takenAt.timeIntervalSince1970 / 86_400).rounded(.down))
    // Howard Hinnant's civil_from_days.
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
  }
}
