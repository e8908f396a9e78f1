import ListKit
import ListKitTerminal

/// The summary row: two lines of text (counts and state, then the source), which does not take
/// the cursor.
///
/// Its content is its text: setting a different text reloads the row in the table's next
/// update, as a batch update.
final class SummaryRow: CellManager {
  static let reuseIdentifier = "ListKitDemo.SummaryCell"

  var text = "" {
    didSet { if text != oldValue { setNeedsReload() } }
  }

  override var diffContent: (any Equatable & Sendable)? { text }

  override class var cellRegistration: CellRegistration? {
    CellRegistration(TextCell.self, reuseIdentifier: reuseIdentifier) { TextCell() }
  }

  override func configure(_ cell: AnyObject) {
    (cell as? TextCell)?.text = text
  }

  override func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { 2 }

  override func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool { false }
}
