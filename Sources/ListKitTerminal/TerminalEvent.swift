/// Something that happened at the terminal while it was in raw mode.
public enum TerminalEvent: Hashable, Sendable {
  /// A key was pressed.
  case key(Key)
  /// The window changed size (SIGWINCH); ask ``Terminal/size()`` for the new one.
  case resize
  /// The input closed (the terminal went away).
  case inputClosed
}
