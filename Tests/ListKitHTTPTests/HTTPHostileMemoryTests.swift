import Foundation
import ListKitFixtures
import Testing

/// Oversized and compressed bodies stay within a small multiple of the cap and crash nothing.
///
/// On the loader's session and on an app's. Each load runs in a child process
/// (`listkit-http-probe`) under a virtual-memory limit, which reports its peak resident memory.
@Suite(.serialized) struct HTTPHostileMemoryTests {
  static let cap = 16 << 20
  static let bodies = [
    "/hostile/big?bytes=1073741824&chunked=1",  // 1 GiB, no announced length
    "/hostile/big?bytes=1073741824",  // 1 GiB, announced
    "/hostile/bomb?bytes=536870912&coding=gzip",  // 512 MiB in about 0.5 MB of gzip
    "/hostile/bomb?bytes=536870912&coding=gzip&chunked=1",
    "/hostile/bomb?bytes=536870912&coding=deflate&chunked=1",
  ]

  /// The probe, beside the test binary (`swift build --build-tests` builds it).
  static var probe: URL? { FixtureExecutable.url(named: "listkit-http-probe") }

  /// Runs the probe under a 2 GiB address-space limit; its outcome and peak resident bytes, or
  /// `nil` for the peak when the probe is built with a sanitizer, which cannot run under such a
  /// limit (it is then run without one, and only its outcome counts).
  static func run(_ url: URL, session: String) async throws -> (outcome: String, peak: Int?) {
    let probe = try #require(probe, "listkit-http-probe is not beside the test binary")
    return try await offPool {
      var limited = true
      while true {
        // A file, not a pipe: a probe that writes more than a pipe holds (a sanitizer's report)
        // must not wait for this thread, which reads its output to the end first.
        let errorsURL = FileManager.default.temporaryDirectory
          .appendingPathComponent("listkit-http-probe-\(UUID().uuidString).stderr")
        defer { try? FileManager.default.removeItem(at: errorsURL) }
        // NB: under AddressSanitizer the probe, a fixture that exits as soon as it has its answer,
        // would fail on FoundationNetworking's allocations still held at exit; what this test
        // measures is its outcome and peak, and the library's leaks are checked in this process.
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        let process = try SpawnedProcess(
          [
            "/bin/sh", "-c", (limited ? "ulimit -v 2097152 && " : "") + "exec \"$0\" \"$1\" \"$2\" \"$3\"",
            probe.path, url.absoluteString, String(cap), session,
          ], environment: environment, output: .pipe, error: .file(errorsURL.path))
        let data = process.standardOutput?.readDataToEndOfFile() ?? Data()
        let termination = process.wait()
        // NB: not `Data(contentsOf:)`, whose buffer for a file without a known size leaks on Linux.
        let diagnostics = String(
          decoding: (try? FileHandle(forReadingFrom: errorsURL).readToEnd()) ?? Data(), as: UTF8.self)
        if limited, diagnostics.contains("Sanitizer") {
          limited = false
          continue
        }
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = line.split(separator: " ")
        guard termination == .exit(0), let last = parts.last, let peak = Int(last) else {
          return ("crashed: \(termination), output \(line) \(diagnostics.prefix(500))", nil)
        }
        return (parts.dropLast().joined(separator: " "), limited ? peak : nil)
      }
    }
  }

  @Test(arguments: ["own", "app"])
  func oversizedAndCompressedBodiesStayWithinAFewTimesTheCap(session: String) async throws {
    try await withServer { server in
      let baseline = try await Self.run(server.url("/hostile/big?bytes=100"), session: session)
      #expect(!baseline.outcome.hasPrefix("crashed"), "\(baseline.outcome)")
      for body in Self.bodies {
        let (outcome, peak) = try await Self.run(server.url(body), session: session)
        #expect(outcome == "responseTooLarge", "\(body)")
        guard let peak, let baselinePeak = baseline.peak else { continue }  // under a sanitizer
        #expect(
          peak - baselinePeak <= 8 * Self.cap,
          "\(body): peak \(peak >> 20) MiB, baseline \(baselinePeak >> 20) MiB, cap \(Self.cap >> 20) MiB")
      }
    }
  }
}
