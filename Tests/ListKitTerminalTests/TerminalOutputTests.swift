import Testing

@testable import ListKitTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct TerminalOutputTests {
  @Test func theRestoreSequenceUndoesEveryModeTheStartSequenceSets() {
    let pairs = [
      (ANSI.enterAlternateScreen, ANSI.leaveAlternateScreen), (ANSI.hideCursor, ANSI.showCursor),
      (ANSI.disableLineWrap, ANSI.enableLineWrap),
    ]
    for (set, reset) in pairs {
      #expect(ANSI.startSequence.contains(set))
      #expect(ANSI.restoreSequence.contains(reset))
    }
    // Leaving the alternate screen comes last, so the shell's screen is what remains.
    #expect(ANSI.restoreSequence.hasSuffix(ANSI.leaveAlternateScreen))
  }

  @Test func aFramePutsEachLineAtItsRowAndClearsTheRest() {
    let buffer = ScreenBuffer(
      width: 10,
      lines: [ScreenBuffer.Line("Title", style: .header), ScreenBuffer.Line("row", style: .highlighted)])
    let frame = ANSI.frame(buffer, rows: 3)
    #expect(frame.contains("\u{1B}[1;1H\u{1B}[1mTitle\u{1B}[0m\u{1B}[K"))
    // The highlighted row is inverse video across the full width, so no clear is needed.
    #expect(frame.contains("\u{1B}[2;1H\u{1B}[7mrow       \u{1B}[0m"))
    #expect(!frame.contains("row       \u{1B}[0m\u{1B}[K"))
    #expect(frame.hasSuffix("\u{1B}[3;1H\u{1B}[K"))
  }

  @Test func aBufferClipsWhatIsAddedToItsWidth() {
    var buffer = ScreenBuffer(width: 4, lines: [ScreenBuffer.Line("abcdef")])
    buffer.append(contentsOf: [ScreenBuffer.Line("x\u{1B}y  ")])
    #expect(buffer.lines.map(\.text) == ["abcd", "xy  "])
    #expect(buffer.text == "abcd\nxy")
  }

  @Test func rawModeTurnsOffEchoLineBufferingAndSignalKeys() {
    var original = termios()
    original.c_lflag = tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    original.c_iflag = tcflag_t(ICRNL | IXON)
    original.c_oflag = tcflag_t(OPOST)
    let raw = Terminal.rawAttributes(from: original)
    #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
    let minimum = withUnsafeBytes(of: raw.c_cc) { $0[Int(VMIN)] }
    #expect(minimum == 1)
  }

  @MainActor
  @Test func startingOnSomethingThatIsNotATerminalFailsWithoutTouchingIt() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let terminal = Terminal(input: descriptors[0], output: descriptors[1])
    #expect(!terminal.isInteractive)
    #expect(terminal.size() == nil)
    #expect(throws: TerminalError.notATerminal(fileDescriptor: descriptors[0])) { try terminal.start() }
    terminal.stop()
  }
}
