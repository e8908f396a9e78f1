/// The cell of a ``PagedSection``'s status row: a line of text, with the status it shows.
///
/// Views style it by `status` (a spinner for ``PagingStatus/loading``, a retry button for
/// ``PagingStatus/failed(_:)``…); `text` is what to read.
public final class PagingStatusCell: ListCell {
  /// The status shown.
  public internal(set) var status: PagingStatus = .hidden
  /// The text for the status.
  public internal(set) var text = ""

  /// Creates an empty status cell.
  public init() {}
}

/// The status row at the end of a ``PagedSection``.
final class PagingStatusRow: CellManager {
  var status: PagingStatus = .hidden {
    didSet { version &+= 1 }
  }
  var texts = PagingStatusTexts() {
    didSet { version &+= 1 }
  }
  /// Counts changes of the content; the section re-assigns its rows after each, so the table's
  /// kept row keys never hide one.
  private var version = 0

  override var contentVersion: Int? { version }

  override var diffContent: (any Equatable & Sendable)? { PagingStatusContent(status: status, texts: texts) }

  override class var cellRegistration: CellRegistration? {
    CellRegistration(PagingStatusCell.self, reuseIdentifier: "ListKit.PagingStatusCell")
  }

  override func configure(_ cell: AnyObject) {
    guard let cell = cell as? PagingStatusCell else {
      report(
        .wrongCellType(
          identifier: "ListKit.PagingStatusCell", expected: "PagingStatusCell",
          found: String(describing: type(of: cell))),
        in: "cellForItemAt")
      return
    }
    cell.status = status
    cell.text = texts.text(for: status) ?? ""
  }

  override func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    if case .failed = status { return true }
    return false
  }
}

struct PagingStatusContent: Equatable, Sendable {
  var status: PagingStatus
  var texts: PagingStatusTexts
}
