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
    @Test(.timeLimit(.minutes(1)))  // NB: a hang guard, not a timing assertion
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
