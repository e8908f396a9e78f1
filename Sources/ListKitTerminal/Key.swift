/// A key press, decoded from the bytes a terminal sends in raw mode.
public enum Key: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Escape pressed alone.
  case escape
  /// Ctrl-C, which raw mode delivers as a key instead of SIGINT.
  case interrupt
  /// Ctrl-D, end of input.
  case endOfInput
  /// Another control key, as Ctrl plus a letter (`"a"` for Ctrl-A).
  case control(Character)
  /// A printable character.
  case character(Character)
  /// An escape sequence the decoder does not know, with its bytes.
  case unknown([UInt8])
}
