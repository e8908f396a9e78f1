/// A screen's worth of text: what a ``TerminalListView`` draws, before any escape sequence.
///
/// Every line is already clipped to ``width`` columns; styles say how ``Terminal`` should
/// show a line (inverse video for the highlighted row, say). Tests read ``text``.
public struct ScreenBuffer: Hashable, Sendable {
  /// How a line is shown.
  public enum Style: Hashable, Sendable {
    /// Normal text.
    case plain
    /// A section header.
    case header
    /// A section footer.
    case footer
    /// The row under the cursor.
    case highlighted
    /// A selected row that is not under the cursor.
    case selected
    /// A status bar (the demo's key help).
    case status
  }

  /// One line of the screen.
  public struct Line: Hashable, Sendable {
    /// The text, at most the buffer's width in columns, without control characters.
    public var text: String
    /// How the line is shown.
    public var style: Style

    /// Creates a line.
    /// - Parameters:
    ///   - text: The text (clipped when added to a buffer).
    ///   - style: How it is shown.
    public init(_ text: String, style: Style = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The number of columns.
  public private(set) var width: Int
  /// The lines, top to bottom.
  public private(set) var lines: [Line]

  /// Creates a buffer of lines, clipping each to `width` columns.
  /// - Parameters:
  ///   - width: The number of columns (negative counts as 0).
  ///   - lines: The lines.
  public init(width: Int, lines: [Line] = []) {
    self.width = max(0, width)
    self.lines = []
    append(contentsOf: lines)
  }

  /// Adds lines at the bottom, clipping each to the buffer's width.
  /// - Parameter newLines: The lines to add.
  public mutating func append(contentsOf newLines: [Line]) {
    for line in newLines {
      lines.append(Line(TerminalText.clipped(line.text, toWidth: width), style: line.style))
    }
  }

  /// The lines joined with newlines, trailing spaces removed: what a person would read.
  public var text: String {
    lines.map { line in
      var text = Substring(line.text)
      while text.last == " " { text = text.dropLast() }
      return String(text)
    }.joined(separator: "\n")
  }
}
