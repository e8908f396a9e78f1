import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A child process of a test, started with `posix_spawn`: every test that runs a program
/// uses it instead of Foundation's `Process`.
///
/// NB: `Process.run()` on Linux can crash in `memcpy` while it lists `/proc/self/fd`
/// (swift-corelibs-foundation pull request 5472, fixed after Swift 6.3.1). Here the child also
/// starts with every signal unblocked and at its default action (the test runner's threads block
/// most signals, and a child inherits that mask), and the pipes' ends this process keeps are
/// close-on-exec, so no other child holds them open.
///
/// Its blocking calls (``wait()``, reading the pipes) must run off Swift's cooperative pool.
package final class SpawnedProcess: @unchecked Sendable {
  // @unchecked Sendable: `ended` is only touched under `lock`; the rest never changes.

  /// Where one of the child's standard streams goes.
  package enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A pipe, whose other end is the matching handle of the process.
    case pipe
    /// A file, created or truncated.
    case file(String)
  }

  /// How the child ended.
  package enum Termination: Hashable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exit(Int32)
    /// A signal ended it.
    case signal(Int32)

    package var description: String {
      switch self {
      case .exit(let status): "exit status \(status)"
      case .signal(let signal): "signal \(signal)"
      }
    }
  }

  /// A program that could not be started.
  package struct SpawnError: Error, CustomStringConvertible {
    package var program: String
    package var code: Int32
    package var description: String { "cannot start \(program): \(String(cString: strerror(code)))" }
  }

  /// The child's process id.
  package let pid: pid_t
  /// The writing end of the child's standard input, with ``Stream/pipe``.
  package let standardInput: FileHandle?
  /// The reading end of the child's standard output, with ``Stream/pipe``.
  package let standardOutput: FileHandle?
  /// The reading end of the child's standard error, with ``Stream/pipe``.
  package let standardError: FileHandle?
  private let lock = NSLock()
  private var ended: Termination?
  /// Held from a child's pipes to its start: a child another thread starts meanwhile inherits
  /// no pipe end before it is close-on-exec.
  private static let spawning = NSLock()

  /// Starts a program.
  /// - Parameters:
  ///   - arguments: The program (a path, or a name looked up on the `PATH`) and its arguments.
  ///   - environment: The child's environment; `nil` for this process's.
  ///   - input: Where its standard input comes from.
  ///   - output: Where its standard output goes.
  ///   - error: Where its standard error goes; `nil` for the same place as `output`.
  /// - Throws: ``SpawnError`` when it cannot be started.
  package init(
    _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null,
    output: Stream = .null,
    error: Stream? = .null
  ) throws(SpawnError) {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    Self.spawning.lock()
    defer { Self.spawning.unlock() }
    // The child's end of each pipe, closed here once the child has it.
    var childEnds: [Int32] = []
    defer { childEnds.forEach { _ = close($0) } }
    func connect(_ stream: Stream, to descriptor: Int32, reading: Bool) throws(SpawnError) -> FileHandle? {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
        return nil
      case .file(let path):
        posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        return nil
      case .pipe:
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnError(program: arguments[0], code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (child, parent) = reading ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(child)
        posix_spawn_file_actions_adddup2(&actions, child, descriptor)
        return FileHandle(fileDescriptor: parent, closeOnDealloc: true)
      }
    }
    standardInput = try connect(input, to: 0, reading: true)
    standardOutput = try connect(output, to: 1, reading: false)
    if let error {
      standardError = try connect(error, to: 2, reading: false)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
      standardError = nil
    }
    let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard spawned == 0 else { throw SpawnError(program: arguments[0], code: spawned) }
    self.pid = pid
  }

  /// Sends the child a signal.
  package func signal(_ signal: Int32) {
    if lock.withLock({ ended == nil }) { kill(pid, signal) }
  }

  /// Waits for the child to end; blocks the calling thread.
  /// - Returns: How it ended.
  @discardableResult
  package func wait() -> Termination {
    if let ended = lock.withLock({ ended }) { return ended }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    return record(status)
  }

  /// Whether the child is still running (it has not been waited for).
  package var isRunning: Bool {
    if lock.withLock({ ended }) != nil { return false }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return true }
    record(status)
    return false
  }

  @discardableResult
  private func record(_ status: Int32) -> Termination {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
    let signal = status & 0x7F
    let termination: Termination = signal == 0 ? .exit((status >> 8) & 0xFF) : .signal(signal)
    lock.withLock { ended = ended ?? termination }
    return termination
  }
}
