// Runs one benchmark by name, or all of them. Each benchmark lives in a file of its own with a
// `run…Benchmark()` function, and prints its figures beside a baseline measured in the same run.
import Foundation

let benchmarks: [(name: String, run: () -> Void)] = [
  ("http", runHTTPBenchmark)
]

let requested = CommandLine.arguments.dropFirst().first
let selected = benchmarks.filter { requested == nil || $0.name == requested }
if selected.isEmpty {
  let known = benchmarks.map(\.name).joined(separator: ", ")
  FileHandle.standardError.write(Data("unknown benchmark \(requested ?? ""); known: \(known)\n".utf8))
  exit(2)
}
for benchmark in selected {
  benchmark.run()
}
