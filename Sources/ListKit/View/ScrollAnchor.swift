import ListDiff

/// The first row a list view shows and how far into that row the viewport starts: what a view
/// keeps in place when rows are inserted or removed above it (older messages loading above a
/// chat), so that what the user is reading does not move.
///
/// UIKit keeps the content offset as a number across a batch update, so rows inserted above the
/// viewport push the visible ones down; apps capture an anchor before the update and restore it
/// after. `HeadlessTableView`, the terminal list view and the UIKit adapters all do it with this
/// one rule when asked to keep the first visible row in place.
package struct ScrollAnchor: Hashable, Sendable {
  /// The first visible row.
  package var path: ItemPath
  /// How far the viewport's top is below the row's top, in points (or lines).
  package var offsetIntoRow: Double

  /// Creates an anchor.
  /// - Parameters:
  ///   - path: The first visible row.
  ///   - offsetIntoRow: How far the viewport's top is below the row's top.
  package init(path: ItemPath, offsetIntoRow: Double) {
    self.path = path
    self.offsetIntoRow = offsetIntoRow
  }

  /// Captures the anchor of a viewport, or `nil` when no row is visible.
  /// - Parameters:
  ///   - path: The first visible row, or `nil` for none.
  ///   - rowTop: Where that row starts in the content.
  ///   - contentOffset: Where the viewport starts in the content.
  package init?(firstVisibleRow path: ItemPath?, rowTop: Double, contentOffset: Double) {
    guard let path, rowTop.isFinite, contentOffset.isFinite else { return nil }
    self.init(path: path, offsetIntoRow: contentOffset - rowTop)
  }

  /// The content offset that shows the anchored row where it was, after an update moved it.
  ///
  /// - Parameters:
  ///   - rowTop: Where the anchored row starts after the update, or `nil` when the update
  ///     deleted it (the offset then stays, as UIKit leaves it).
  ///   - contentOffset: The content offset before the adjustment.
  /// - Returns: The content offset to set; the view still clamps it to its content.
  package func contentOffset(movedRowTop rowTop: Double?, current contentOffset: Double) -> Double {
    guard let rowTop, rowTop.isFinite else { return contentOffset }
    return rowTop + offsetIntoRow
  }
}
