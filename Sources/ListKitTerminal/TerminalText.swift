/// Measures, clips and pads text by the columns a terminal gives it.
///
/// Width follows `wcwidth` closely enough for Latin, Greek, Cyrillic, CJK and common emoji:
/// a grapheme cluster (a letter with its combining accents counts as one) takes one column,
/// East Asian wide and full-width characters and emoji take two, and control characters take
/// none (they are dropped when clipping, so a cell cannot move the cursor).
public enum TerminalText {
  /// The number of columns a character takes.
  /// - Parameter character: A grapheme cluster.
  /// - Returns: 0 for control characters, 2 for wide ones, otherwise 1.
  public static func width(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if isWide(value) { return 2 }
    // An emoji presentation selector makes a narrow symbol (like "❤") wide.
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return 1
  }

  /// The number of columns a string takes.
  /// - Parameter text: The text, on one line.
  /// - Returns: The sum of the widths of its characters.
  /// - Complexity: O(n) in the length of `text`.
  public static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The longest prefix of a line that fits in a number of columns, without control characters.
  ///
  /// A wide character that would straddle the last column is left out (the result is then one
  /// column short); with `ellipsis`, a line that does not fit ends in "…".
  /// - Parameters:
  ///   - text: The line.
  ///   - columns: The number of columns available; 0 or less gives an empty string.
  ///   - ellipsis: Whether to mark a clipped line with "…" in its last column.
  /// - Returns: The clipped line, at most `columns` wide.
  /// - Complexity: O(n) in the length of `text`.
  public static func clipped(_ text: some StringProtocol, toWidth columns: Int, ellipsis: Bool = false)
    -> String
  {
    guard columns > 0 else { return "" }
    var result = ""
    var used = 0
    var clipped = false
    for character in text {
      let columnsTaken = width(of: character)
      if columnsTaken == 0 { continue }
      if used + columnsTaken > columns {
        clipped = true
        break
      }
      result.append(character)
      used += columnsTaken
    }
    guard clipped, ellipsis else { return result }
    // Make room for the ellipsis: drop characters from the end until one column is free.
    while used > columns - 1, let last = result.popLast() {
      used -= width(of: last)
    }
    return result + "…"
  }

  /// A line clipped to a number of columns and padded with spaces to exactly that width.
  /// - Parameters:
  ///   - text: The line.
  ///   - columns: The width of the result.
  /// - Returns: A string exactly `columns` wide (empty when `columns` is 0 or less).
  public static func padded(_ text: some StringProtocol, toWidth columns: Int) -> String {
    let line = clipped(text, toWidth: columns)
    return line + String(repeating: " ", count: max(0, columns - width(of: line)))
  }

  /// Whether a scalar is East Asian wide or full-width, or an emoji shown wide.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
      0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
