import Foundation
import ListKitTesting
import Testing

@testable import ListKit

@Suite struct CRC32CTests {
  /// The check value of the CRC catalogue and the test vectors of RFC 3720 (iSCSI), B.4.
  @Test func knownVectors() {
    #expect(CRC32C.checksum(Data()) == 0)
    #expect(CRC32C.checksum(Data("123456789".utf8)) == 0xE306_9283)
    #expect(CRC32C.checksum(Data(repeating: 0, count: 32)) == 0x8A91_36AA)
    #expect(CRC32C.checksum(Data(repeating: 0xFF, count: 32)) == 0x62A8_AB43)
    #expect(CRC32C.checksum(Data((0..<32).map { UInt8($0) })) == 0x46DD_794E)
    #expect(CRC32C.checksum(Data((0..<32).map { UInt8(31 - $0) })) == 0x113F_DB5C)
  }

  /// Eight bytes at a time gives what one bit at a time gives, for every length around the
  /// eight-byte steps and at every alignment of a slice.
  @Test func slicingByEightAgreesWithTheBitwiseDefinition() {
    var random = SplitMix64(seed: 0xC4C3_2C)
    for length in Array(0..<40) + [255, 1_000, 4_097] {
      let bytes = Data((0..<length + 3).map { _ in UInt8.random(in: 0...255, using: &random) })
      for offset in 0..<3 {
        let slice = bytes[(bytes.startIndex + offset)..<(bytes.startIndex + offset + length)]
        #expect(CRC32C.checksum(slice) == Self.bitwise(slice), "length \(length), offset \(offset)")
      }
    }
  }

  private static func bitwise(_ bytes: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
      }
    }
    return ~crc
  }
}
