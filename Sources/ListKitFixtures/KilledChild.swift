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
    /// It was killed (or ended by itself, which the reason tells).
    case ended(Process.TerminationReason)
  }

  /// Starts `executable`, waits until it prints "ready", runs `beforeKill` (which may wait for a
  /// moment of interest), waits `delay` microseconds, kills it and waits for its end.
  package static func run(
    _ executable: URL, arguments: [String], delay: UInt32, beforeKill: @escaping @Sendable () -> Void = {}
  ) async -> Outcome {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
          try process.run()
        } catch {
          continuation.resume(returning: .failedToStart("\(error)"))
          return
        }
        let ready = output.fileHandleForReading.availableData
        guard String(decoding: ready, as: UTF8.self).hasPrefix("ready") else {
          process.waitUntilExit()
          let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
          continuation.resume(returning: .stoppedBeforeReady(message))
          return
        }
        beforeKill()
        usleep(delay)  // NB: the random kill moment is the test's input, not something it measures.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        continuation.resume(returning: .ended(process.terminationReason))
      }
    }
  }
}
