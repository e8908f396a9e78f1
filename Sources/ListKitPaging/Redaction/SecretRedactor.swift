/// Removes every piece of a secret from text, whichever way the text encodes it.
///
/// A list of spellings can always be beaten by one more spelling, so it matches *pieces*: every
/// run of ``pieceLength`` or more consecutive bytes of the secret is removed, wherever it appears
/// in the text's UTF-8 or in the text read as percent-encoded (either case, `+` as a space or
/// not), JSON-escaped (`\/`, `\u0041`) or HTML-escaped (`&#x41;`, `&amp;`), up to three layers
/// deep, and in the secret's base64 (standard and URL alphabets, at any alignment) and hex forms.
/// Letters are compared without case. A shorter secret is removed only whole.
///
/// Matching is on bytes, not `Character`s, so a combining mark after the secret cannot hide it;
/// a removed range is widened to whole Unicode scalars. Redact the whole text first, then cut
/// it: cutting first could leave a fragment that no longer looks like the secret.
package struct SecretRedactor: Sendable {
  /// What replaces each removed range.
  package static let placeholder = "<redacted>"
  /// The shortest run of a secret's bytes that is removed on its own.
  package static let pieceLength = 6
  /// The shortest run of an encoded form (base64, hex) that is removed on its own.
  static let encodedPieceLength = 8

  /// For each form of each secret, lower-cased: the length of a piece and every piece of it.
  private let patterns: [(length: Int, pieces: Set<ArraySlice<UInt8>>)]

  /// A redactor for some secrets; empty secrets are ignored.
  /// - Parameter secrets: The texts to remove, such as the user's token.
  package init(secrets: [String]) {
    var forms: [(bytes: [UInt8], piece: Int)] = []
    for secret in secrets where !secret.isEmpty {
      let bytes = Array(secret.utf8)
      forms.append((Self.folded(bytes), Self.pieceLength))
      var encoded: [[UInt8]] = [Array(Self.hex(bytes).utf8)]
      for dropped in 0..<3 where bytes.count - dropped >= 3 {
        // The characters of a base64 text that depend on the secret alone: whole 3-byte groups.
        let aligned = bytes.dropFirst(dropped)
        let groups = Array(aligned.prefix(aligned.count / 3 * 3))
        let standard = Array(Self.base64(groups).utf8)
        encoded.append(standard)
        // The URL alphabet (RFC 4648 §5), as in JWTs.
        encoded.append(
          standard.map {
            $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0
          })
      }
      for form in encoded { forms.append((Self.folded(form), Self.encodedPieceLength)) }
    }
    self.patterns = forms.compactMap { form in
      let length = min(form.piece, form.bytes.count)
      guard length > 0 else { return nil }
      return (length, Set((0...(form.bytes.count - length)).map { form.bytes[$0..<($0 + length)] }))
    }
  }

  /// Whether the redactor has anything to remove.
  package var isEmpty: Bool { patterns.isEmpty }

  /// Returns `text` with every piece of every secret replaced by ``placeholder``.
  ///
  /// - Parameter text: Any text, for example a server's error body.
  /// - Returns: The text with the secrets' pieces replaced.
  /// - Complexity: O(*n* · *k*) for a text of *n* bytes and secrets of *k* bytes in all.
  package func redact(_ text: String) -> String {
    guard !patterns.isEmpty else { return text }
    let original = Array(text.utf8)
    var marked = [Bool](repeating: false, count: original.count)
    let identity = View(bytes: original, origins: original.indices.map { $0..<($0 + 1) })
    for plusIsSpace in [false, true] {
      var view = identity
      for _ in 0..<4 {
        mark(in: view, marked: &marked)
        let next = view.decoded(plusIsSpace: plusIsSpace)
        if next.bytes == view.bytes { break }
        view = next
      }
    }
    guard marked.contains(true) else { return text }
    // Widen to whole scalars: a piece of a multi-byte character must not be left behind.
    for index in original.indices where marked[index] {
      var start = index
      while start > 0, original[start] & 0xC0 == 0x80, !marked[start - 1] {
        start -= 1
        marked[start] = true
      }
    }
    for index in original.indices.reversed() where marked[index] {
      var end = index + 1
      while end < original.count, original[end] & 0xC0 == 0x80, !marked[end] {
        marked[end] = true
        end += 1
      }
    }
    var result: [UInt8] = []
    result.reserveCapacity(original.count)
    var index = 0
    while index < original.count {
      if marked[index] {
        result.append(contentsOf: Self.placeholder.utf8)
        while index < original.count, marked[index] { index += 1 }
      } else {
        result.append(original[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The start of a text, redacted, on one line: at most `limit` Unicode scalars, with `…` when
  /// cut.
  ///
  /// The text is redacted before it is cut, and only its first `limit` × 16 bytes are read.
  /// - Parameters:
  ///   - text: The text, for example a server's error body.
  ///   - limit: The most Unicode scalars kept.
  /// - Returns: The excerpt.
  package func excerpt(_ text: String, limit: Int) -> String {
    let bound = limit * 16
    let utf8 = Array(text.utf8)
    let head = String(decoding: utf8.prefix(bound), as: UTF8.self)
    let redacted = redact(head)
    var scalars = String.UnicodeScalarView()
    var cut = utf8.count > bound
    for scalar in redacted.unicodeScalars {
      if scalars.count == limit {
        cut = true
        break
      }
      let isLineBreak = scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{2028}"
      scalars.append(isLineBreak ? " " : scalar)
    }
    return String(scalars) + (cut ? "…" : "")
  }

  private func mark(in view: View, marked: inout [Bool]) {
    let folded = Self.folded(view.bytes)
    for (length, pieces) in patterns where folded.count >= length {
      for start in 0...(folded.count - length) where pieces.contains(folded[start..<(start + length)]) {
        for position in start..<(start + length) {
          for origin in view.origins[position] { marked[origin] = true }
        }
      }
    }
  }

  private static func folded(_ bytes: [UInt8]) -> [UInt8] {
    bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
  }

  private static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var result = ""
    var index = 0
    while index + 3 <= bytes.count {
      let value = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
      for shift in [18, 12, 6, 0] { result.append(alphabet[(value >> shift) & 63]) }
      index += 3
    }
    return result
  }
}

extension SecretRedactor {
  /// A text's bytes after some decoding, each with the range of original bytes it came from.
  struct View {
    var bytes: [UInt8]
    var origins: [Range<Int>]

    /// One layer of percent-, JSON- and HTML-escapes decoded.
    func decoded(plusIsSpace: Bool) -> View {
      var result = View(bytes: [], origins: [])
      result.bytes.reserveCapacity(bytes.count)
      result.origins.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        if let (decoded, length) = escape(at: index, plusIsSpace: plusIsSpace) {
          let origin = origins[index].lowerBound..<origins[index + length - 1].upperBound
          for byte in decoded {
            result.bytes.append(byte)
            result.origins.append(origin)
          }
          index += length
        } else {
          result.bytes.append(bytes[index])
          result.origins.append(origins[index])
          index += 1
        }
      }
      return result
    }

    /// The bytes an escape at `index` stands for, and its length.
    private func escape(at index: Int, plusIsSpace: Bool) -> ([UInt8], Int)? {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "+") where plusIsSpace:
        return ([UInt8(ascii: " ")], 1)
      case UInt8(ascii: "%"):
        guard let value = hexValue(from: index + 1, count: 2) else { return nil }
        return ([UInt8(value)], 3)
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        if next == UInt8(ascii: "u"), let value = hexValue(from: index + 2, count: 4) {
          if (0xD800..<0xDC00).contains(value), index + 12 <= bytes.count,
            bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
            let low = hexValue(from: index + 8, count: 4), (0xDC00..<0xE000).contains(low)
          {
            let scalar = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            return (utf8(scalar), 12)
          }
          return (utf8(value), 6)
        }
        let simple: [UInt8: UInt8] = [
          UInt8(ascii: "/"): UInt8(ascii: "/"), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
          UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "'"): UInt8(ascii: "'"),
          UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "r"): 13,
        ]
        return simple[next].map { ([$0], 2) }
      case UInt8(ascii: "&"):
        return htmlEntity(at: index)
      default:
        return nil
      }
    }

    private func htmlEntity(at index: Int) -> ([UInt8], Int)? {
      guard let end = bytes[index..<min(bytes.count, index + 10)].firstIndex(of: UInt8(ascii: ";")) else {
        return nil
      }
      let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).lowercased()
      let named: [String: UInt8] = ["amp": 38, "lt": 60, "gt": 62, "quot": 34, "apos": 39, "sol": 47]
      if let value = named[name] { return ([value], end - index + 1) }
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? Int(digits.dropFirst(), radix: 16) : Int(digits, radix: 10)
      guard let value, value < 0x11_0000 else { return nil }
      return (utf8(value), end - index + 1)
    }

    private func hexValue(from start: Int, count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<(start + count)] {
        let digit: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        value = value * 16 + digit
      }
      return value
    }

    private func utf8(_ value: Int) -> [UInt8] {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
      return Array(String(scalar).utf8)
    }
  }
}
