import Foundation
import ListKitFixtures
import Testing

// Linux only: on Apple's platforms `Process` starts a child with nothing but what it is given.
#if os(Linux)
  import Glibc

  /// The fixture server stops when asked, whatever it inherited and whatever inherited from it.
  ///
  /// On Linux, Foundation's `Process` lets a pipe opened by another thread during a spawn leak into
  /// the child, so another test's child can hold a server's stdin open; and a server started from a
  /// dispatch thread inherits its blocked signals, SIGTERM among them. CI's test steps once hung on
  /// servers that neither the end of their stdin nor `terminate()` could stop.
  @Suite struct FixturePageServerStopTests {
    @Test(.timeLimit(.minutes(5)))  // NB: a hang guard, not a timing assertion
    func aServerStopsWhileAnotherProcessHoldsItsStdinAndItBlocksSIGTERM() async throws {
      let (stopped, didStop) = AsyncStream.makeStream(of: Void.self)
      let holder = try await offPool { () throws -> pid_t in
        // The server inherits this thread's mask, as it does a dispatch thread's.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let server = try FixturePageServer()
        // A child that inherits every descriptor this process has, the server's stdin among them.
        let holder = try Self.spawnInheritingEverything("/bin/sleep", "600")
        Thread {
          server.stop()
          didStop.finish()
        }.start()
        return holder
      }
      defer {
        kill(holder, SIGKILL)
        waitpid(holder, nil, 0)
      }
      for await _ in stopped {}
      let ended = !Task.isCancelled
      #expect(ended, "stop() did not return while another process held the server's stdin")
    }

    /// A test process killed mid-run takes its fixture servers with it, even while another process
    /// holds a server's stdin open (so the end of stdin never comes).
    @Test(.timeLimit(.minutes(5)))  // NB: a hang guard, not a timing assertion
    func aServerEndsWhenTheProcessThatStartedItIsKilled() async throws {
      let script = try #require(FixturePageServer.script)
      // The shell stands in for a test process: it starts a server whose stdin is a pipe this
      // process keeps open (so its end never comes), says the server's pid, and waits.
      var stdin: [Int32] = [0, 0]
      try #require(pipe(&stdin) == 0)
      defer { stdin.forEach { close($0) } }
      let output = FileManager.default.temporaryDirectory
        .appendingPathComponent("listkit-parent-\(UUID().uuidString).txt")
      defer { try? FileManager.default.removeItem(at: output) }
      let shell = try Self.spawnInheritingEverything(
        "/bin/sh", "-c",
        "python3 '\(script.path)' --parent $$ < /dev/fd/\(stdin[0]) > /dev/null & echo $! > '\(output.path)'; wait"
      )
      let server: pid_t? = await offPool {
        for _ in 0..<600 {  // up to a minute for python3 to start
          if let text = try? String(contentsOf: output, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
          {
            return Self.isRunning(pid) ? pid : nil
          }
          usleep(100_000)
        }
        return nil
      }
      kill(shell, SIGKILL)
      waitpid(shell, nil, 0)
      let pid = try #require(server, "the shell never said the server's pid")
      let ended = await offPool {
        for _ in 0..<600 where Self.isRunning(pid) { usleep(100_000) }
        return !Self.isRunning(pid)
      }
      kill(pid, SIGKILL)
      #expect(ended, "the server outlived the process that started it")
    }

    /// Whether process `pid` exists and has not exited (a zombie has).
    static func isRunning(_ pid: pid_t) -> Bool {
      guard kill(pid, 0) == 0 else { return false }
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      // "pid (name) S …": the state follows the parenthesized name.
      guard let close = stat.lastIndex(of: ")") else { return false }
      return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    struct SpawnError: Error {
      let code: Int32
    }

    /// Starts `path` with `arguments` by `posix_spawn`, which keeps every descriptor not marked
    /// close-on-exec open in the child.
    static func spawnInheritingEverything(_ path: String, _ arguments: String...) throws -> pid_t {
      let argv = ([path] + arguments).map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      var pid = pid_t()
      let environment: [UnsafeMutablePointer<CChar>?] = [nil]
      let code = posix_spawn(&pid, path, nil, nil, argv, environment)
      guard code == 0 else { throw SpawnError(code: code) }
      return pid
    }
  }
#endif
