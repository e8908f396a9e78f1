import ListKitTerminal
import Testing

@Suite struct TerminalTextTests {
  @Test func latinLettersWithAccentsTakeOneColumnEach() {
    #expect(TerminalText.width(of: "Québec") == 6)
    // "e" + combining acute accent is one grapheme, one column.
    #expect(TerminalText.width(of: "Que\u{301}bec") == 6)
  }

  @Test func wideCharactersTakeTwoColumnsAndControlsNone() {
    #expect(TerminalText.width(of: "東京") == 4)
    #expect(TerminalText.width(of: "😀") == 2)
    #expect(TerminalText.width(of: "a\u{1B}b\t") == 2)
  }

  @Test func clippingKeepsThePrefixThatFits() {
    #expect(TerminalText.clipped("Golden tram in Lisbon", toWidth: 11) == "Golden tram")
    #expect(TerminalText.clipped("short", toWidth: 80) == "short")
    #expect(TerminalText.clipped("anything", toWidth: 0) == "")
    #expect(TerminalText.clipped("anything", toWidth: -3) == "")
  }

  @Test func aWideCharacterNeverStraddlesTheEdge() {
    #expect(TerminalText.clipped("ab東京", toWidth: 3) == "ab")
    #expect(TerminalText.clipped("ab東京", toWidth: 4) == "ab東")
  }

  @Test func ellipsisMarksAClippedLineInItsLastColumn() {
    let clipped = TerminalText.clipped("Golden tram in Lisbon", toWidth: 10, ellipsis: true)
    #expect(clipped == "Golden tr…")
    #expect(TerminalText.width(of: clipped) == 10)
    #expect(TerminalText.clipped("fits", toWidth: 4, ellipsis: true) == "fits")
  }

  @Test func controlCharactersAreDroppedSoACellCannotMoveTheCursor() {
    #expect(TerminalText.clipped("a\u{1B}[2Jb", toWidth: 10) == "a[2Jb")
  }

  @Test func paddingGivesExactlyTheWidth() {
    #expect(TerminalText.padded("ab", toWidth: 5) == "ab   ")
    #expect(TerminalText.padded("ab東京", toWidth: 5) == "ab東 ")
    #expect(TerminalText.padded("abcdef", toWidth: 3) == "abc")
  }
}
