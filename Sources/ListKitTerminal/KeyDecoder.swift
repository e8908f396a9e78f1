/// Turns the bytes a terminal sends in raw mode into ``Key``s.
///
/// A pure state machine: feed it bytes as they arrive, in any chunking, and it returns the
/// keys they complete. It knows the common variants of each key: CSI (`ESC [`) and SS3
/// (`ESC O`) arrows, Home and End as `ESC [ H`/`F`, `ESC O H`/`F`, `ESC [ 1 ~`/`4 ~` and
/// `ESC [ 7 ~`/`8 ~` (rxvt), Page Up/Down as `ESC [ 5 ~`/`6 ~`, and modifier parameters such as
/// `ESC [ 1 ; 5 A` (Ctrl-Up, reported as ``Key/up``). UTF-8 text becomes characters.
///
/// An escape byte alone is ambiguous until the next byte arrives: the decoder holds it
/// (``isPending``), and the caller calls ``flush()`` when no byte follows within a short time,
/// which reports ``Key/escape``.
public struct KeyDecoder: Sendable {
  private enum State: Sendable {
    case ground
    /// After ESC.
    case escape
    /// After `ESC [`, collecting parameter and intermediate bytes.
    case csi([UInt8])
    /// After `ESC O`.
    case ss3
    /// After a CSI sequence too long to be a key, until its final byte.
    case discardingCSI
    /// Inside a UTF-8 sequence: the bytes so far and how many are still to come.
    case utf8([UInt8], remaining: Int)
  }

  private var state = State.ground

  /// Creates a decoder in its initial state.
  public init() {}

  /// Whether bytes are held that do not make a key yet (an escape sequence or UTF-8 character
  /// in progress).
  public var isPending: Bool {
    if case .ground = state { return false }
    return true
  }

  /// Decodes one byte.
  /// - Parameter byte: The next byte from the terminal.
  /// - Returns: The keys this byte completes (none, one, or two when it ends an unfinished
  ///   sequence and starts over).
  public mutating func feed(_ byte: UInt8) -> [Key] {
    switch state {
    case .ground:
      return ground(byte)
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .csi([])
        return []
      case UInt8(ascii: "O"):
        state = .ss3
        return []
      case 0x1B:
        // ESC ESC: the first was a lone Escape.
        state = .escape
        return [.escape]
      default:
        // Alt plus a key: report the key (the demo has no Alt bindings).
        state = .ground
        return ground(byte)
      }
    case .ss3:
      state = .ground
      switch byte {
      case UInt8(ascii: "A"): return [.up]
      case UInt8(ascii: "B"): return [.down]
      case UInt8(ascii: "C"): return [.right]
      case UInt8(ascii: "D"): return [.left]
      case UInt8(ascii: "H"): return [.home]
      case UInt8(ascii: "F"): return [.end]
      case UInt8(ascii: "M"): return [.enter]
      default: return [.unknown([0x1B, UInt8(ascii: "O"), byte])]
      }
    case .csi(let collected):
      // Parameter bytes 0x30–0x3F and intermediate bytes 0x20–0x2F continue the sequence;
      // a final byte 0x40–0x7E ends it.
      if (0x20...0x3F).contains(byte) {
        if collected.count >= 16 {
          state = .discardingCSI
          return [.unknown([0x1B, UInt8(ascii: "[")] + collected + [byte])]
        }
        state = .csi(collected + [byte])
        return []
      }
      state = .ground
      if (0x40...0x7E).contains(byte) {
        return [Self.csiKey(parameters: collected, final: byte)]
      }
      // Anything else aborts the sequence; decode the byte afresh.
      return [.unknown([0x1B, UInt8(ascii: "[")] + collected)] + ground(byte)
    case .discardingCSI:
      if (0x20...0x3F).contains(byte) { return [] }
      state = .ground
      return (0x40...0x7E).contains(byte) ? [] : ground(byte)
    case .utf8(let collected, let remaining):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return [.unknown(collected)] + ground(byte)
      }
      let bytes = collected + [byte]
      if remaining > 1 {
        state = .utf8(bytes, remaining: remaining - 1)
        return []
      }
      state = .ground
      let text = String(decoding: bytes, as: UTF8.self)
      guard let character = text.first, !text.contains("\u{FFFD}") else { return [.unknown(bytes)] }
      return [.character(character)]
    }
  }

  /// Decodes a run of bytes.
  /// - Parameter bytes: The bytes, in the order they arrived.
  /// - Returns: The keys they complete, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes { keys += feed(byte) }
    return keys
  }

  /// Ends whatever is pending, because no more bytes came in time.
  ///
  /// A lone ESC becomes ``Key/escape``; an unfinished sequence becomes ``Key/unknown(_:)``.
  /// - Returns: The keys the held bytes make (empty when nothing is pending).
  public mutating func flush() -> [Key] {
    defer { state = .ground }
    switch state {
    case .ground: return []
    case .escape: return [.escape]
    case .ss3: return [.unknown([0x1B, UInt8(ascii: "O")])]
    case .csi(let collected): return [.unknown([0x1B, UInt8(ascii: "[")] + collected)]
    case .discardingCSI: return []
    case .utf8(let collected, _): return [.unknown(collected)]
    }
  }

  private mutating func ground(_ byte: UInt8) -> [Key] {
    switch byte {
    case 0x1B:
      state = .escape
      return []
    case 0x0D, 0x0A: return [.enter]
    case 0x09: return [.tab]
    case 0x03: return [.interrupt]
    case 0x04: return [.endOfInput]
    case 0x08, 0x7F: return [.backspace]
    case 0x01...0x1A: return [.control(Character(Unicode.Scalar(byte + 0x60)))]
    case 0x00, 0x1C...0x1F: return [.unknown([byte])]
    case 0x20...0x7E: return [.character(Character(Unicode.Scalar(byte)))]
    case 0xC2...0xDF:
      state = .utf8([byte], remaining: 1)
      return []
    case 0xE0...0xEF:
      state = .utf8([byte], remaining: 2)
      return []
    case 0xF0...0xF4:
      state = .utf8([byte], remaining: 3)
      return []
    default:
      return [.unknown([byte])]
    }
  }

  private static func csiKey(parameters: [UInt8], final: UInt8) -> Key {
    // The first parameter selects the key for `~` sequences; later ones are modifiers.
    let firstParameter = parameters.prefix { $0 != UInt8(ascii: ";") }
    let number = Int(String(decoding: firstParameter, as: UTF8.self))
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch number {
      case 1, 7: return .home
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      default: break
      }
    default: break
    }
    return .unknown([0x1B, UInt8(ascii: "[")] + parameters + [final])
  }
}
