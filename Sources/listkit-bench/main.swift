// `swift run -c release listkit-bench [name]` runs the named benchmark, or all of them without a name.
// Each benchmark lives in its own file as one `run…Benchmark()` function; add a line here for yours.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let benchmarks: [(name: String, run: @MainActor () async -> Void)] = [
  ("diff", runDiffBenchmark),
  ("managers", runManagersBenchmark),
  ("paging", runPagingBenchmark),
  ("cache", runCacheBenchmark),
  ("http", runHTTPBenchmark),
  ("editing", runEditingBenchmark),
  ("store", runStoreBenchmark),
]

if let name = CommandLine.arguments.dropFirst().first {
  if let benchmark = benchmarks.first(where: { $0.name == name }) {
    await benchmark.run()
  } else {
    print("unknown benchmark '\(name)'; known: \(benchmarks.map(\.name).joined(separator: ", "))")
    exit(2)
  }
} else {
  for benchmark in benchmarks { await benchmark.run() }
}
