/// The escape sequences ``Terminal`` writes, and how a ``ScreenBuffer`` becomes a frame.
///
/// Pure, so tests read the bytes without a terminal.
enum ANSI {
  static let escape = "\u{1B}["
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  static let disableLineWrap = "\u{1B}[?7l"
  static let enableLineWrap = "\u{1B}[?7h"
  static let resetAttributes = "\u{1B}[0m"
  static let clearScreen = "\u{1B}[2J"
  static let clearToEndOfLine = "\u{1B}[K"

  /// What ``Terminal/start()`` writes: the alternate screen, cleared, no cursor, no wrapping.
  static let startSequence = enterAlternateScreen + clearScreen + hideCursor + disableLineWrap

  /// What every exit path writes (normal quit, signals, crashes): the exact inverse of
  /// ``startSequence``, so the shell's screen and cursor come back.
  static let restoreSequence = resetAttributes + enableLineWrap + showCursor + leaveAlternateScreen

  static func moveTo(row: Int, column: Int) -> String {
    "\u{1B}[\(row);\(column)H"
  }

  static func attributes(for style: ScreenBuffer.Style) -> String {
    switch style {
    case .plain: ""
    case .header: "\u{1B}[1m"
    case .footer: "\u{1B}[2m"
    case .highlighted: "\u{1B}[7m"
    case .selected: "\u{1B}[1;4m"
    case .status: "\u{1B}[7m"
    }
  }

  /// One frame: every line of the buffer at its row, styled, and the rest of each row and the
  /// rows below cleared, in a single string so it reaches the terminal in one write.
  /// - Parameters:
  ///   - buffer: The screen.
  ///   - rows: The number of rows of the terminal; rows past the buffer are cleared.
  static func frame(_ buffer: ScreenBuffer, rows: Int) -> String {
    var output = resetAttributes
    for row in 0..<max(rows, buffer.lines.count) {
      output += moveTo(row: row + 1, column: 1)
      guard row < buffer.lines.count else {
        output += clearToEndOfLine
        continue
      }
      let line = buffer.lines[row]
      let attributes = attributes(for: line.style)
      // Styled rows (inverse video) span the whole width; plain rows clear what is left.
      let text =
        attributes.isEmpty || line.style == .header || line.style == .footer
        ? line.text : TerminalText.padded(line.text, toWidth: buffer.width)
      output += attributes + text + resetAttributes
      if TerminalText.width(of: text) < buffer.width { output += clearToEndOfLine }
    }
    return output
  }
}
