import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal: raw key input, the alternate screen, the window size, and a restore that
/// happens on every way out.
///
/// ``start()`` saves the terminal's attributes, switches to raw mode (no echo, no line
/// buffering, no signals from Ctrl-C: it arrives as ``Key/interrupt``), enters the alternate
/// screen and hides the cursor. ``stop()`` undoes all of it; so do `exit()`, SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT and the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP),
/// through an async-signal-safe handler that then re-raises the signal.
@MainActor
public final class Terminal {
  /// The terminal's input, usually standard input.
  public let inputDescriptor: Int32
  /// The terminal's output, usually standard output.
  public let outputDescriptor: Int32

  private var savedAttributes: termios?
  private var wakePipe: (read: Int32, write: Int32)?
  private var isReading = false

  /// Creates a terminal on two file descriptors; nothing changes until ``start()``.
  /// - Parameters:
  ///   - input: The input descriptor. Default: standard input.
  ///   - output: The output descriptor. Default: standard output.
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    inputDescriptor = input
    outputDescriptor = output
  }

  /// Whether both descriptors are terminals.
  public var isInteractive: Bool {
    isatty(inputDescriptor) == 1 && isatty(outputDescriptor) == 1
  }

  /// The window size, from `ioctl(TIOCGWINSZ)`, or `nil` when the output is not a terminal.
  /// - Returns: The size in character cells.
  public func size() -> TerminalSize? {
    var size = winsize()
    // TIOCGWINSZ is an Int32 in Glibc and a UInt in Darwin.
    let result = ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size)
    guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Takes over the terminal: raw mode, alternate screen, hidden cursor, restore guards.
  ///
  /// Calling it again while started does nothing.
  /// - Throws: ``TerminalError/notATerminal(fileDescriptor:)`` when input or output is not a
  ///   terminal; ``TerminalError/systemCallFailed(name:errno:)`` when the terminal refuses.
  public func start() throws(TerminalError) {
    guard savedAttributes == nil else { return }
    for descriptor in [inputDescriptor, outputDescriptor] where isatty(descriptor) != 1 {
      throw .notATerminal(fileDescriptor: descriptor)
    }
    var original = termios()
    guard tcgetattr(inputDescriptor, &original) == 0 else {
      throw .systemCallFailed(name: "tcgetattr", errno: errno)
    }
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw .systemCallFailed(name: "pipe", errno: errno) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    wakePipe = (descriptors[0], descriptors[1])
    savedAttributes = original
    // Guard first, so that a signal arriving between here and the end still restores.
    TerminalRestore.activate(
      fileDescriptor: inputDescriptor, outputDescriptor: outputDescriptor, attributes: original,
      wakeDescriptor: descriptors[1])
    var raw = Self.rawAttributes(from: original)
    guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else {
      let error = errno
      stop()
      throw .systemCallFailed(name: "tcsetattr", errno: error)
    }
    send(ANSI.startSequence)
  }

  /// Gives the terminal back: the saved attributes, the main screen, the cursor.
  ///
  /// Safe to call more than once, and when ``start()`` was never called.
  public func stop() {
    guard savedAttributes != nil else { return }
    TerminalRestore.deactivate()
    savedAttributes = nil
  }

  /// Draws a screen: each line at its row, styled, rows below it cleared.
  /// - Parameters:
  ///   - buffer: The screen.
  ///   - rows: The terminal's number of rows, to clear rows the buffer does not cover.
  public func draw(_ buffer: ScreenBuffer, rows: Int) {
    send(ANSI.frame(buffer, rows: rows))
  }

  /// Starts reading input on a background thread and reports each key and resize.
  ///
  /// The thread decodes bytes with a ``KeyDecoder``; a lone Escape is reported after 50 ms
  /// without a following byte. Call once, after ``start()``.
  /// - Parameter handler: Called on the reading thread for every event.
  public func readEvents(_ handler: @escaping @Sendable (TerminalEvent) -> Void) {
    guard !isReading, let wake = wakePipe?.read else { return }
    isReading = true
    let input = inputDescriptor
    let thread = Thread {
      Self.readLoop(input: input, wake: wake, handler: handler)
    }
    thread.name = "ListKitTerminal input"
    thread.start()
  }

  /// Raw mode as `cfmakeraw` sets it, except that output processing stays on (a message
  /// printed by a crashing runtime still starts at the left edge).
  nonisolated static func rawAttributes(from original: termios) -> termios {
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    return raw
  }

  private nonisolated static func readLoop(
    input: Int32, wake: Int32, handler: @Sendable (TerminalEvent) -> Void
  ) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 256)
    var descriptors = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, decoder.isPending ? 50 : -1)
      if ready < 0 {
        if errno == EINTR { continue }
        handler(.inputClosed)
        return
      }
      if ready == 0 {
        for key in decoder.flush() { handler(.key(key)) }
        continue
      }
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        while read(wake, &buffer, buffer.count) > 0 {}
        handler(.resize)
      }
      let inputEvents = descriptors[0].revents
      if inputEvents & Int16(POLLIN) != 0 {
        let count = read(input, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
          handler(.inputClosed)
          return
        }
        if count > 0 {
          for key in decoder.feed(buffer[0..<count]) { handler(.key(key)) }
        }
      } else if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        handler(.inputClosed)
        return
      }
    }
  }

  private func send(_ text: String) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeMutableBytes { pointer in
        write(outputDescriptor, pointer.baseAddress! + written, pointer.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      if result <= 0 { return }
      written += result
    }
  }
}
