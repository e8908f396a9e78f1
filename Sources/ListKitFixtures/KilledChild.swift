import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs a fixture executable and kills it with SIGKILL while it works, for the crash tests.
///
/// The child is started, waited for and killed on a thread of its own: blocking calls on one of
/// the few threads Swift concurrency runs tests on would stall every other suite.
package enum KilledChild {
  /// How a run ended.
  package enum Outcome: Sendable, Equatable {
    /// The executable could not be started.
    case failedToStart(String)
    /// It ended before printing "ready", with what it wrote to standard error.
    case stoppedBeforeReady(String)
    /// It was killed (or ended by itself, which the termination tells).
    case ended(SpawnedProcess.Termination)
  }

  /// Starts `executable`, waits until it prints "ready", runs `beforeKill` (which may wait for a
  /// moment of interest), waits `delay` microseconds, kills it and waits for its end.
  package static func run(
    _ executable: URL, arguments: [String], delay: UInt32, beforeKill: @escaping @Sendable () -> Void = {}
  ) async -> Outcome {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let process: SpawnedProcess
        do {
          process = try SpawnedProcess([executable.path] + arguments, output: .pipe, error: .pipe)
        } catch {
          continuation.resume(returning: .failedToStart("\(error)"))
          return
        }
        let ready = process.standardOutput?.availableData ?? Data()
        guard String(decoding: ready, as: UTF8.self).hasPrefix("ready") else {
          process.wait()
          let message = String(
            decoding: process.standardError?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
          continuation.resume(returning: .stoppedBeforeReady(message))
          return
        }
        beforeKill()
        usleep(delay)  // The random kill moment is the test's input, not something it measures.
        process.signal(SIGKILL)
        continuation.resume(returning: .ended(process.wait()))
      }
    }
  }
}
