#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal back the way it was on every way out of the program: a normal stop,
/// `exit()`, SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals.
///
/// A signal handler may only make async-signal-safe calls and must not allocate, take locks or
/// run lazy initializers. So everything the handler needs (the restore bytes, the saved
/// attributes, the previous handlers) is allocated and filled in by ``activate(fileDescriptor:attributes:wakeDescriptor:)``
/// before any handler is installed, and the handler only reads it and calls `write`,
/// `tcsetattr`, `sigaction` and `raise` (all async-signal-safe in POSIX).
///
/// Exactly one path restores: the one that reads the single byte of a pipe filled by `activate`.
/// A `read` from a pipe is async-signal-safe and atomic, so it stands in for an atomic exchange
/// (Synchronization's `Atomic` needs iOS 18 / macOS 15; a lock may not be taken in a handler).
enum TerminalRestore {
  /// Signals after which the terminal is restored and the signal re-raised with the handler
  /// that was there before (the default action, or the Swift runtime's backtracer).
  static let fatalSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP,
  ]

  /// Starts guarding the terminal.
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - outputDescriptor: Where frames are drawn; on a fatal signal it is pointed at
  ///     `/dev/null` before the restore, so a frame drawn by another thread meanwhile cannot
  ///     land on the restored screen.
  ///   - attributes: The attributes to put back.
  ///   - wakeDescriptor: The write end of a non-blocking pipe SIGWINCH writes a byte to.
  static func activate(
    fileDescriptor: Int32, outputDescriptor: Int32, attributes: termios, wakeDescriptor: Int32
  ) {
    let bytes = Array(ANSI.restoreSequence.utf8)
    let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    sequence.initialize(from: bytes, count: bytes.count)
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalSlots))
    previous.initialize(repeating: sigaction(), count: Int(signalSlots))
    let state = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
    let token = makeRestoreToken()
    state.initialize(
      to: RestoreState(
        fileDescriptor: fileDescriptor, sequence: sequence, sequenceLength: bytes.count,
        attributes: attributes, wakeDescriptor: wakeDescriptor, previousActions: previous,
        outputDescriptor: outputDescriptor, terminalCopy: fcntl(fileDescriptor, F_DUPFD_CLOEXEC, 0),
        nullDescriptor: open("/dev/null", O_WRONLY | O_CLOEXEC), tokenDescriptor: token))
    restoreState = state
    for signal in fatalSignals {
      install(signal, handler: handleFatalSignal, saveInto: previous)
    }
    install(SIGWINCH, handler: handleWindowChange, saveInto: previous)
    if !isExitHandlerRegistered {
      isExitHandlerRegistered = true
      atexit { TerminalRestore.restoreFromAnyContext() }
    }
  }

  /// Restores the terminal (once) and puts the previous signal handlers back.
  static func deactivate() {
    restoreFromAnyContext()
    guard let state = restoreState else { return }
    for signal in fatalSignals + [SIGWINCH] {
      _ = sigaction(signal, state.pointee.previousActions + Int(signal), nil)
    }
    let descriptors = [
      state.pointee.terminalCopy, state.pointee.nullDescriptor, state.pointee.tokenDescriptor,
    ]
    for descriptor in descriptors where descriptor >= 0 {
      _ = close(descriptor)
    }
    state.pointee.terminalCopy = -1
    state.pointee.nullDescriptor = -1
    state.pointee.tokenDescriptor = -1
  }

  /// Writes the restore sequence and puts the saved attributes back, if not done already.
  ///
  /// Async-signal-safe.
  /// - Parameter descriptor: Where to write, or `nil` for the terminal's own descriptor.
  static func restoreFromAnyContext(writingTo descriptor: Int32? = nil) {
    guard let state = restoreState, takeRestoreToken(state) else { return }
    restore(state, writingTo: descriptor)
  }

  /// Writes the restore sequence and puts the saved attributes back.
  ///
  /// Async-signal-safe.
  fileprivate static func restore(_ state: UnsafeMutablePointer<RestoreState>, writingTo descriptor: Int32?) {
    let descriptor = descriptor ?? state.pointee.fileDescriptor
    var written = 0
    while written < state.pointee.sequenceLength {
      let result = write(descriptor, state.pointee.sequence + written, state.pointee.sequenceLength - written)
      if result <= 0 { break }
      written += result
    }
    _ = withUnsafePointer(to: &state.pointee.attributes) { tcsetattr(descriptor, TCSANOW, $0) }
  }

  /// A non-blocking pipe's read end holding one byte, or -1 if no pipe could be made (then the
  /// terminal is not restored automatically, as if it were never guarded).
  private static func makeRestoreToken() -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return -1 }
    var byte: UInt8 = 1
    let filled = write(ends[1], &byte, 1) == 1
    _ = close(ends[1])
    guard filled, fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0 else {
      _ = close(ends[0])
      return -1
    }
    return ends[0]
  }

  /// Whether the caller is the one path that restores: it read the token's byte.
  ///
  /// Async-signal-safe.
  fileprivate static func takeRestoreToken(_ state: UnsafeMutablePointer<RestoreState>) -> Bool {
    var byte: UInt8 = 0
    return state.pointee.tokenDescriptor >= 0 && read(state.pointee.tokenDescriptor, &byte, 1) == 1
  }

  private static func install(
    _ signal: Int32, handler: @convention(c) (Int32) -> Void,
    saveInto previous: UnsafeMutablePointer<sigaction>
  ) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    _ = sigaction(signal, &action, previous + Int(signal))
  }

  /// The number of slots for saved handlers: every signal number used here is below it.
  private static let signalSlots: Int32 = 65
}

/// What the handlers read; see ``TerminalRestore``.
struct RestoreState {
  var fileDescriptor: Int32
  var sequence: UnsafeMutablePointer<UInt8>
  var sequenceLength: Int
  var attributes: termios
  var wakeDescriptor: Int32
  var previousActions: UnsafeMutablePointer<sigaction>
  /// Where frames are drawn.
  var outputDescriptor: Int32
  /// A duplicate of `fileDescriptor`, for the fatal-signal path; -1 when there is none.
  var terminalCopy: Int32
  /// `/dev/null`, opened for writing; -1 when it could not be opened.
  var nullDescriptor: Int32
  /// The read end of a pipe holding one byte until a path takes it to restore; -1 once closed.
  var tokenDescriptor: Int32
}

// Plain globals, written only on the main thread before the handlers are installed and read by
// the handlers afterwards; `nonisolated(unsafe)` because a signal handler can run on any thread
// and no lock may be taken there.
nonisolated(unsafe) private var restoreState: UnsafeMutablePointer<RestoreState>?
nonisolated(unsafe) private var isExitHandlerRegistered = false

private func handleFatalSignal(_ signal: Int32) {
  if let state = restoreState, TerminalRestore.takeRestoreToken(state) {
    if state.pointee.terminalCopy >= 0, state.pointee.nullDescriptor >= 0 {
      // Another thread may be drawing a frame right now. Point the output descriptor at
      // /dev/null first, so that no frame written after this lands on the restored screen, and
      // restore through the duplicate of the terminal (which may be the same descriptor). The
      // process is ending, so its output is not needed; its input is left alone.
      _ = dup2(state.pointee.nullDescriptor, state.pointee.outputDescriptor)
      TerminalRestore.restore(state, writingTo: state.pointee.terminalCopy)
    } else {
      TerminalRestore.restore(state, writingTo: nil)
    }
  }
  // Put the previous handler back and send the signal again: the default action ends the
  // process with the right status (and a core), or the runtime's backtracer reports the crash.
  if let state = restoreState, signal >= 0, signal < 65 {
    _ = sigaction(signal, state.pointee.previousActions + Int(signal), nil)
  }
  _ = raise(signal)
}

private func handleWindowChange(_ signal: Int32) {
  guard let state = restoreState else { return }
  var byte: UInt8 = 1
  _ = write(state.pointee.wakeDescriptor, &byte, 1)
}
