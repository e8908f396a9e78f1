import Foundation
import ListKit

/// The first line of every entry file: a format tag and the CRC-32C of the rest of the file.
///
/// ```
/// LKPC2 1a2b3c4d\n{"schemaVersion":1,"savedAt":…,"items":[…]}
/// ```
///
/// The line has a fixed length and one spelling (lowercase hexadecimal), so a changed byte in
/// it is either not the tag, not a digit, or a checksum that no longer matches; a changed byte
/// after it changes the checksum of the payload. Either way the entry is corrupt, never served.
/// A file without the line (an older format) is corrupt too.
enum CacheEnvelope {
  /// The format tag, with the space that ends it.
  static let tag = Array("LKPC2 ".utf8)
  /// The length of the first line: the tag, 8 hexadecimal digits, a newline.
  static let headerLength = tag.count + 8 + 1

  /// The first line for a payload.
  static func header(for payload: Data) -> Data {
    let checksum = CRC32C.checksum(payload)
    var line = tag
    for shift in stride(from: 28, through: 0, by: -4) {
      line.append(hexDigits[Int((checksum >> UInt32(shift)) & 0xF)])
    }
    line.append(UInt8(ascii: "\n"))
    return Data(line)
  }

  /// The payload of a file whose first line is well-formed and whose checksum matches.
  /// - Returns: The payload (a slice of `file`), or what is wrong with the file.
  static func payload(of file: Data) -> Result<Data, Corruption> {
    guard file.count >= headerLength else { return .failure(.tooShort(bytes: file.count)) }
    let start = file.startIndex
    guard file[start..<start + tag.count].elementsEqual(tag) else { return .failure(.noHeader) }
    var expected: UInt32 = 0
    for byte in file[start + tag.count..<start + headerLength - 1] {
      guard let digit = hexDigits.firstIndex(of: byte) else { return .failure(.noHeader) }
      expected = expected << 4 | UInt32(digit)
    }
    guard file[start + headerLength - 1] == UInt8(ascii: "\n") else { return .failure(.noHeader) }
    let payload = file[(start + headerLength)...]
    let found = CRC32C.checksum(payload)
    guard found == expected else { return .failure(.checksumMismatch(expected: expected, found: found)) }
    return .success(payload)
  }

  /// Why a file is not an intact entry.
  enum Corruption: Error, CustomStringConvertible {
    case tooShort(bytes: Int)
    case noHeader
    case checksumMismatch(expected: UInt32, found: UInt32)

    var description: String {
      switch self {
      case .tooShort(let bytes): "\(bytes) bytes, shorter than an entry's first line"
      case .noHeader: "no entry header (another format, or an altered header)"
      case .checksumMismatch(let expected, let found):
        "checksum mismatch: the header says \(hex(expected)), the bytes give \(hex(found))"
      }
    }

    private func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
