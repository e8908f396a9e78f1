/// A cell that a ``TerminalListView`` can draw: it renders itself as lines of text.
///
/// Cells are classes, as UIKit's are, so that a list view can reuse them: the data source
/// dequeues one, configures it, and the view asks it for its lines whenever it draws.
@MainActor
public protocol TerminalCell: AnyObject {
  /// The lines the cell shows at a width.
  ///
  /// The view clips each line to `width` columns and shows as many lines as the row is tall
  /// (padding with blank lines), so a cell may return lines of any length.
  /// - Parameter width: The number of terminal columns the row has.
  /// - Returns: The lines, top to bottom.
  func render(width: Int) -> [String]

  /// Resets the cell before the view hands it out again from its reuse pool.
  func prepareForReuse()
}

extension TerminalCell {
  /// Does nothing.
  public func prepareForReuse() {}
}
