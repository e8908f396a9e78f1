/// A plain text cell: one line per line of ``text``.
@MainActor
public final class TextCell: TerminalCell {
  /// The text; a newline starts another line.
  public var text: String

  /// Creates a cell.
  /// - Parameter text: The text; empty by default.
  public init(text: String = "") {
    self.text = text
  }

  /// The lines of ``text``.
  /// - Parameter width: The number of columns (the view clips).
  /// - Returns: ``text`` split at newlines.
  public func render(width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Clears ``text``.
  public func prepareForReuse() {
    text = ""
  }
}
