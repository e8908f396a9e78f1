// Runs one benchmark by name, or all of them: `swift run -c release listkit-bench [name]`.
// Each benchmark lives in its own file with one entry function, so that benchmarks merge cleanly.
let benchmarks: [(name: String, run: () async -> Void)] = [
  ("http", runHTTPBenchmark)
]

let arguments = CommandLine.arguments.dropFirst()
let selected = arguments.isEmpty ? benchmarks : benchmarks.filter { arguments.contains($0.name) }
if selected.isEmpty {
  print("unknown benchmark \(arguments.joined(separator: " ")); known: \(benchmarks.map(\.name))")
}
for benchmark in selected {
  await benchmark.run()
}
