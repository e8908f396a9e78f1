import ListKit

extension PagingStatusCell: TerminalCell {
  /// The status text on one line (loading, no more data, the error, the empty state).
  /// - Parameter width: The number of columns (the view clips).
  /// - Returns: One line.
  public func render(width: Int) -> [String] {
    [text]
  }
}
