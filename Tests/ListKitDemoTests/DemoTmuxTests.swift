// The script relies on GNU ps and Linux process semantics; CI runs it on Linux.
#if os(Linux)
  import Foundation
  import Glibc
  import Testing

  /// Runs `Tests/Scripts/demo-tmux-test.sh`, which drives the interactive demo in tmux: paging to
  /// the end, refresh, resize, an injected failure and its retry, and the terminal restored after
  /// q, Ctrl-C, SIGTERM and SIGSEGV.
  @Suite struct DemoTmuxTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()

    static let tmuxIsInstalled: Bool = {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      return path.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/tmux")
      }
    }()

    /// The demo built beside this test binary (or `LISTKIT_DEMO`).
    static var demoExecutable: String? {
      if let path = ProcessInfo.processInfo.environment["LISTKIT_DEMO"] { return path }
      let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("listkit-demo").path
      let fallback = repository.appendingPathComponent(".build/debug/listkit-demo").path
      return [beside, fallback].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(
      .enabled(if: tmuxIsInstalled, "tmux is not installed here (CI installs it: apt-get install tmux)"),
      .timeLimit(.minutes(5)),  // NB: a hang guard, not a timing assertion
      arguments: ["launch", "failure", "edits", "rollback", "chat", "signals"])
    func theInteractiveDemoPagesRefreshesRetriesAndAlwaysRestoresTheTerminal(part: String) async throws {
      let demo = try #require(Self.demoExecutable, "listkit-demo is not built; run swift build --build-tests")
      let log = FileManager.default.temporaryDirectory.appendingPathComponent(
        "demo-tmux-\(part)-\(UUID().uuidString).log")
      defer { try? FileManager.default.removeItem(at: log) }
      let script = Self.repository.appendingPathComponent("Tests/Scripts/demo-tmux-test.sh").path
      // Not niced: beside the rest of the suite, which keeps both cores busy for its whole run, a
      // niced script got a few percent of a core and its tmux polling passed the deadline. It
      // needs about half a second of CPU per part.
      let command = ["/bin/bash", script, demo, part]
      let status = try await Self.onOwnThread {
        try Self.run(command, output: log.path, timeout: 240)
      }
      let transcript = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      #expect(status == 0, "demo-tmux-test.sh exited with \(status):\n\(transcript)")
      #expect(transcript.contains("PASS: demo-tmux-test (\(part))"), "\(transcript)")
    }

    struct SpawnError: Error, CustomStringConvertible {
      var program: String
      var code: Int32
      var description: String { "posix_spawn \(program) failed: \(code)" }
    }

    /// Runs blocking work on a thread of its own and awaits it without blocking.
    ///
    /// NB: the script runs for many seconds; waiting for it on a thread of Swift's cooperative
    /// pool (two threads on a two-core machine) would starve the suites running in parallel.
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
      try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.name = "DemoTmuxTests.run"
        thread.start()
      }
    }

    /// Runs a program with every signal unblocked and at its default action, output to a file.
    ///
    /// NB: not `Process`: the test runner's threads block most signals, and a child inherits that
    /// mask, so tmux, the shell in its pane and the demo would ignore SIGHUP and SIGTERM (servers
    /// then outlive the test), and `Process` did not notice the child's exit from such a thread.
    /// Blocks the calling thread: call it through ``onOwnThread(_:)``.
    /// - Returns: The exit status, or 128 + the signal that ended it; -1 on timeout.
    /// - Throws: ``SpawnError`` when the program cannot be started.
    static func run(_ arguments: [String], output: String, timeout: Double) throws -> Int32 {
      var attributes = posix_spawnattr_t()
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
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      var environment: [UnsafeMutablePointer<CChar>?] =
        ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { (argv + environment).forEach { free($0) } }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &environment)
      guard spawned == 0 else { throw SpawnError(program: arguments[0], code: spawned) }
      // NB: a hang guard, never an assertion on time: the script bounds every wait itself, so
      // only a hung tmux reaches it; waitpid has no timeout, hence the poll.
      let deadline = Date().addingTimeInterval(timeout)
      var status: Int32 = 0
      while waitpid(pid, &status, WNOHANG) == 0 {
        if Date() > deadline {  // NB: the hang guard above.
          // Let the script's trap stop its tmux servers, then make sure it is gone.
          kill(pid, SIGTERM)
          usleep(3_000_000)  // NB: the trap's time to stop tmux before SIGKILL.
          kill(pid, SIGKILL)
          _ = waitpid(pid, &status, 0)
          return -1
        }
        usleep(50_000)  // NB: the hang guard's poll interval.
      }
      // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
      let signal = status & 0x7F
      return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
  }
#endif
