import ListKit
import ListKitTerminal

/// A one-line row for a photo: its number and title on the left, author, day and likes on the
/// right; the title is shortened with "…" when the row is narrow, and the right part is dropped
/// when even that does not fit.
@MainActor
package final class PhotoCell: TerminalCell, ListCell {
  /// The reuse identifier the demo registers this cell under.
  package static let reuseIdentifier = "PhotoCell"

  /// The photo shown, or `nil` for a blank row.
  package var photo: Photo?

  /// Creates an empty cell.
  package init() {}

  /// The row.
  /// - Parameter width: The number of columns.
  /// - Returns: One line.
  package func render(width: Int) -> [String] {
    guard let photo else { return [""] }
    let number = String(photo.id)
    let left =
      String(repeating: " ", count: max(0, 4 - number.count)) + number + (photo.isPinned ? " ★ " : "   ")
    // An API may send neither author nor date (see Photo+Codable): leave them out.
    let parts =
      (photo.author.isEmpty ? [] : [photo.author])
      + (photo.takenAt.timeIntervalSince1970 == 0 ? [] : [photo.day]) + ["♥ \(Self.compact(photo.likes))"]
    let right = parts.joined(separator: " · ")
    let rightWidth = TerminalText.width(of: right)
    let titleWidth = width - TerminalText.width(of: left) - rightWidth - 2
    guard titleWidth >= 12 else {
      return [TerminalText.clipped(left + photo.title, toWidth: width, ellipsis: true)]
    }
    let title = TerminalText.clipped(photo.title, toWidth: titleWidth, ellipsis: true)
    return [left + TerminalText.padded(title, toWidth: titleWidth) + "  " + right]
  }

  /// Clears the photo.
  package func prepareForReuse() {
    photo = nil
  }

  /// 950, 1.2k, 12k.
  static func compact(_ count: Int) -> String {
    if count < 1000 { return String(count) }
    if count < 10_000 {
      let tenths = count / 100
      return "\(tenths / 10).\(tenths % 10)k"
    }
    return "\(count / 1000)k"
  }
}
