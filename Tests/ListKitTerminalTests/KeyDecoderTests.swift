import ListKitTerminal
import Testing

@Suite struct KeyDecoderTests {
  static let sequences: [(String, [UInt8], Key)] = [
    ("CSI up", [0x1B, 0x5B, 0x41], .up),
    ("CSI down", [0x1B, 0x5B, 0x42], .down),
    ("CSI right", [0x1B, 0x5B, 0x43], .right),
    ("CSI left", [0x1B, 0x5B, 0x44], .left),
    ("SS3 up", [0x1B, 0x4F, 0x41], .up),
    ("SS3 down", [0x1B, 0x4F, 0x42], .down),
    ("Ctrl-Up with modifier", Array("\u{1B}[1;5A".utf8), .up),
    ("Shift-Down with modifier", Array("\u{1B}[1;2B".utf8), .down),
    ("CSI H home", Array("\u{1B}[H".utf8), .home),
    ("CSI F end", Array("\u{1B}[F".utf8), .end),
    ("SS3 H home", Array("\u{1B}OH".utf8), .home),
    ("SS3 F end", Array("\u{1B}OF".utf8), .end),
    ("vt home 1~", Array("\u{1B}[1~".utf8), .home),
    ("vt end 4~", Array("\u{1B}[4~".utf8), .end),
    ("rxvt home 7~", Array("\u{1B}[7~".utf8), .home),
    ("rxvt end 8~", Array("\u{1B}[8~".utf8), .end),
    ("page up", Array("\u{1B}[5~".utf8), .pageUp),
    ("page down", Array("\u{1B}[6~".utf8), .pageDown),
    ("Ctrl page down", Array("\u{1B}[6;5~".utf8), .pageDown),
    ("enter CR", [0x0D], .enter),
    ("enter LF", [0x0A], .enter),
    ("keypad enter", Array("\u{1B}OM".utf8), .enter),
    ("Ctrl-C", [0x03], .interrupt),
    ("Ctrl-D", [0x04], .endOfInput),
    ("r", [0x72], .character("r")),
    ("q", [0x71], .character("q")),
    ("DEL", [0x7F], .backspace),
    ("Ctrl-A", [0x01], .control("a")),
    ("two-byte UTF-8", Array("é".utf8), .character("é")),
    ("four-byte UTF-8", Array("😀".utf8), .character("😀")),
    ("unknown CSI", Array("\u{1B}[99~".utf8), .unknown(Array("\u{1B}[99~".utf8))),
  ]

  @Test(arguments: KeyDecoderTests.sequences.indices)
  func decodesEachKnownSequenceToItsKey(index: Int) {
    let (name, bytes, key) = Self.sequences[index]
    var decoder = KeyDecoder()
    #expect(decoder.feed(bytes) == [key], "\(name)")
    #expect(!decoder.isPending, "\(name) left bytes pending")
  }

  @Test func aLoneEscapeWaitsForTheNextByteAndFlushesAsEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(0x1B) == [])
    #expect(decoder.isPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isPending)
    #expect(decoder.flush() == [])
  }

  @Test func escapeEscapeIsOneEscapeAndAPendingOne() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
    #expect(decoder.feed(Array("[A".utf8)) == [.up])
  }

  @Test func altPlusALetterReportsTheLetter() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}q".utf8)) == [.character("q")])
  }

  @Test func anUnfinishedSequenceFlushesAsUnknown() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;".utf8)) == [])
    #expect(decoder.flush() == [.unknown(Array("\u{1B}[1;".utf8))])
  }

  @Test func invalidUTF8IsReportedNotCrashed() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xC3, 0x41]) == [.unknown([0xC3]), .character("A")])
    #expect(decoder.feed([0xFF]) == [.unknown([0xFF])])
  }

  @Test func anOverlongCSIIsCutOff() {
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 40) + [0x7E])
    #expect(keys.count == 1)
    #expect(!decoder.isPending)
    #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
  }

  @Test func anyChunkingOfAStreamGivesTheSameKeys() {
    let seed: UInt64 = 0x5EED_0001
    var random = SeededGenerator(seed: seed)
    for _ in 0..<200 {
      var stream: [UInt8] = []
      var expected: [Key] = []
      for _ in 0..<random.next(below: 12) {
        let (_, bytes, key) = Self.sequences[random.next(below: Self.sequences.count)]
        stream += bytes
        expected.append(key)
      }
      var decoder = KeyDecoder()
      var keys: [Key] = []
      var start = 0
      while start < stream.count {
        let end = min(stream.count, start + 1 + random.next(below: 4))
        keys += decoder.feed(stream[start..<end])
        start = end
      }
      #expect(keys == expected, "seed \(seed), stream \(stream)")
      if keys != expected { return }
    }
  }
}
