import Dispatch
import Foundation
import ListKit
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Cancelling a load at any moment, against completions, redirects and the cap, never traps the
/// process.
///
/// FoundationNetworking traps when a task's cancellation reaches it after its completion has
/// removed it from the session ("Trying to access a behaviour for a task that in not in the
/// registry"), or when a redirect's completion handler comes after a cancellation has completed
/// the task ("Received callback for HTTP redirection, but we're not waiting for it"). Each round
/// here starts a load and cancels its task from another thread after a seeded amount of work, so
/// the cancellations land all over the requests' lives: before the response, between redirect
/// hops, as the body crosses the cap, as the task completes. A trap ends the whole test process.
///
/// An app's URL protocol (the app session's `protocolClasses`, which a transport keeps) may
/// complete a task from a thread of its own, where FoundationNetworking's own protocols complete
/// in a turn of the session's work queue; cancels race those completions in a child process
/// (`listkit-cancel-race`), whose trap fails the test instead of ending the test process.
@Suite struct HTTPCancelRaceTests {
  /// Same-origin hops, a refused cross-origin redirect, a small body, a body just over the cap.
  static func paths(port: Int) -> [String] {
    [
      "/hostile/hop?n=4",
      "/hostile/redirect?code=307&to=http://localhost:\(port)/hostile/record",
      "/array?page=1&page_size=3",
      "/hostile/big?bytes=70000",
      "/hostile/big?bytes=70000&chunked=1",
    ]
  }

  @Test func cancellingAtAnyMomentNeverTrapsTheProcess() async throws {
    // NB: not lighter under a sanitizer: these races are what ThreadSanitizer is run for.
    let rounds = Sweep.runs(500, heavy: 20_000, light: 500)
    let seed = UInt64(ProcessInfo.processInfo.environment["LISTKIT_SEED"] ?? "") ?? 0xC4_4CE1
    var random = SplitMix64(seed: seed)
    try await withServer { server in
      let port = try #require(server.url("/").port)
      let paths = Self.paths(port: port)
      let appSession = URLSession(configuration: .ephemeral)
      defer { appSession.finishTasksAndInvalidate() }
      let transports = [
        HTTPTransport(timeout: .seconds(600), maximumResponseBytes: 65_536, clock: TestClock()),
        HTTPTransport(
          timeout: .seconds(600), maximumResponseBytes: 65_536, session: appSession, clock: TestClock()),
      ]
      for round in 0..<rounds {
        let path = paths[Int.random(in: 0..<paths.count, using: &random)]
        let transport = transports[round % transports.count]
        // Up to a few milliseconds of work in a debug build: about a request's life on loopback.
        let spins = Int.random(in: 0..<400_000, using: &random)
        let request = URLRequest(url: server.url(path))
        let load = Task {
          try await transport.send(
            request, for: PageRequest(position: .page(index: 1, size: 3), direction: .refresh))
        }
        DispatchQueue.global().async {
          var work = 0
          for step in 0..<spins { work &+= step }
          withExtendedLifetime(work) { load.cancel() }
        }
        // Whatever the load ends in (its page, a typed error, cancellation) is fine; a trap ends
        // the whole test process. (How the outcomes spread depends on the machine's speed, so
        // the test asserts none: on a busy machine every cancel may land before the response.)
        _ = try? await load.value
      }
    }
  }

  /// The fixture that races cancels against an app's URL protocol (`swift build --build-tests`
  /// builds it beside the test binary).
  static var appProtocolRace: URL? { FixtureExecutable.url(named: "listkit-cancel-race") }

  @Test func cancellingWhileAnAppProtocolCompletesFromItsOwnThreadNeverTraps() async throws {
    let fixture = try #require(Self.appProtocolRace, "listkit-cancel-race is not beside the test binary")
    // Eight loads a round. NB: the trap stays rare: with StreamingDelegate's didCompleteWithError
    // returning while a cancel is under way, one standard run in six failed on a loaded two-core
    // machine, and a heavy run within seconds.
    let rounds = Sweep.runs(1_000, heavy: 25_000, light: 100)
    let seed = UInt64(ProcessInfo.processInfo.environment["LISTKIT_SEED"] ?? "") ?? 0xA9_9CA1
    let (termination, output, errors) = try await offPool {
      // A file, not a pipe: a trap's backtrace may be more than a pipe holds.
      let errorsURL = FileManager.default.temporaryDirectory
        .appendingPathComponent("listkit-cancel-race-\(UUID().uuidString).stderr")
      defer { try? FileManager.default.removeItem(at: errorsURL) }
      let process = try SpawnedProcess(
        [fixture.path, String(rounds), String(seed), "4"], output: .pipe, error: .file(errorsURL.path))
      let output = process.standardOutput?.readDataToEndOfFile() ?? Data()
      let termination = process.wait()
      let errors = (try? FileHandle(forReadingFrom: errorsURL).readToEnd()) ?? Data()
      return (termination, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
    let trap = errors.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("crashed") }
    #expect(
      termination == .exit(0),
      "seed \(seed), \(rounds) rounds: \(termination); \(trap ?? errors.prefix(2_000))")
    if termination == .exit(0) {
      #expect(output.contains("cancelled"), "no load was cancelled: \(output)")
    }
  }
}
