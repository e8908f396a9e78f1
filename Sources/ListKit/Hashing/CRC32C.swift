import Foundation

/// CRC-32C (Castagnoli, the checksum of iSCSI, ext4 and SCTP), computed eight bytes at a time.
///
/// The disk cache (`FilePageCache`, in ListKitCache) checks every entry with it, and the SQLite
/// store every row. It is there to catch accidental damage — a flipped bit, a torn or truncated
/// write — not forgery: anyone who can write an entry can recompute any unkeyed checksum, so the
/// cache refuses files others could have written instead (see ``PageCacheTrustIssue``). CRC-32C detects every error burst of up to 32 bits and any other
/// damage with probability 1 − 2⁻³². Since no checksum stops forgery, the cheaper one serves:
/// it costs a small fraction of a SHA-256 of the same bytes (see `Guides/Performance.md`).
package enum CRC32C {
  /// The checksum of some bytes.
  /// - Parameter data: The bytes.
  /// - Returns: The CRC-32C.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func checksum(_ data: Data) -> UInt32 {
    data.withUnsafeBytes { checksum($0) }
  }

  /// The checksum of the bytes of a buffer.
  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    table.withUnsafeBufferPointer { table in
      var crc: UInt32 = 0xFFFF_FFFF
      // Slicing by 8: eight table lookups per whole block of eight bytes, then one per byte of
      // the tail. Every table index is masked to 0..<256 within its slice, so it stays inside
      // the table.
      let blocksEnd = bytes.count - bytes.count % 8
      for index in stride(from: 0, to: blocksEnd, by: 8) {
        let low =
          crc
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
            | UInt32(bytes[index + 3]) << 24)
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16
          | UInt32(bytes[index + 7]) << 24
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
      }
      for index in blocksEnd..<bytes.count {
        crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
      }
      return ~crc
    }
  }

  /// Eight tables of 256 entries: the first is the classic byte-at-a-time table of the reflected
  /// polynomial 0x82F63B78, each next one advances the previous by one more zero byte.
  private static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
      }
      table[byte] = crc
    }
    for slice in 1..<8 {
      for byte in 0..<256 {
        let previous = table[(slice - 1) * 256 + byte]
        table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return table
  }()
}
