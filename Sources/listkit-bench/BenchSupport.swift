import Foundation
import ListKitTesting

#if canImport(Glibc)
  import Glibc
#endif

/// Timing, memory and table helpers shared by the benchmarks.
enum BenchSupport {
  /// The seconds of CPU time one call of `body` takes on the calling thread.
  ///
  /// CPU time rather than wall-clock time: the machines this runs on are often shared, and a thread's
  /// own CPU time does not count the time other processes hold the core.
  static func seconds(_ body: () -> Void) -> Double {
    #if canImport(Glibc)
      var start = timespec()
      var end = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
      body()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
      return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    #else
      let duration = ContinuousClock().measure(body)
      return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    #endif
  }

  /// The CPU seconds the calling thread has used so far.
  static func threadSeconds() -> Double {
    cpuSeconds(CLOCK_THREAD_CPUTIME_ID)
  }

  /// The CPU seconds all threads of this process have used so far: the main actor's work and the
  /// background work it hands off.
  static func processSeconds() -> Double {
    cpuSeconds(CLOCK_PROCESS_CPUTIME_ID)
  }

  /// The process CPU seconds one call of `body` takes, on every thread.
  static func processSeconds(_ body: () -> Void) -> Double {
    let start = processSeconds()
    body()
    return processSeconds() - start
  }

  private static func cpuSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The seconds of each of `runs` calls of `body`.
  static func timings(runs: Int, _ body: () -> Void) -> [Double] {
    (0..<runs).map { _ in seconds(body) }
  }

  /// The median of some values (the mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// A field of `/proc/self/status` in bytes (`VmHWM` is the peak resident size, `VmRSS` the current
  /// one), or `nil` where the file does not exist.
  static func memoryStatus(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      if parts.count >= 2, let kilobytes = Int(parts[1]) { return kilobytes * 1024 }
    }
    return nil
  }

  /// Returns freed heap pages to the system and restarts the peak (`VmHWM`) at the current size, so
  /// that the next peak reading covers only what runs after this call.
  static func restartPeakMemory() {
    #if canImport(Glibc)
      // NB: Glibc's Swift module does not export malloc.h; look `malloc_trim` up at run time instead.
      if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
    #endif
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
  }

  /// The bytes by which the peak resident size grows while `body` runs.
  static func extraMemory<Result>(_ body: () -> Result) -> Int? {
    restartPeakMemory()
    guard let before = memoryStatus("VmRSS") else { return nil }
    let result = body()
    let peak = memoryStatus("VmHWM")
    withExtendedLifetime(result) {}
    return peak.map { $0 - before }
  }

  /// `seconds` as milliseconds or seconds, right-aligned to `width`.
  static func duration(_ seconds: Double, width: Int = 10) -> String {
    let text = seconds < 1 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    return pad(text, width)
  }

  /// Bytes as megabytes with one decimal.
  static func megabytes(_ bytes: Int?) -> String {
    bytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "n/a"
  }

  /// An integer with thousands separators: 1,000,000.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `text` right-aligned in `width` columns (negative width: left-aligned).
  static func pad(_ text: String, _ width: Int) -> String {
    let padding = String(repeating: " ", count: max(abs(width) - text.count, 0))
    return width < 0 ? text + padding : padding + text
  }
}

/// The seeded generator of benchmark data, so that every run measures the same input.
typealias BenchRandom = SplitMix64
