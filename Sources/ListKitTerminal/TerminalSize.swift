/// The size of a terminal window, in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a size.
  /// - Parameters:
  ///   - columns: The number of columns.
  ///   - rows: The number of rows.
  public init(columns: Int, rows: Int) {
    (self.columns, self.rows) = (columns, rows)
  }
}
