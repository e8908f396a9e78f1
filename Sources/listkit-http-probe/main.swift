// Test fixture for HTTPHostileMemoryTests (not a tool): loads one page with HTTPPageLoader, on its
// own session or on an app-provided one, and reports how it ended and the process's peak memory.
// The test runs it under a memory limit, so a body that is not capped kills it instead of the
// test process.
//
// Usage: listkit-http-probe <url> <maximumResponseBytes> own|app
// Prints one line: "<outcome> <peak resident bytes>", where the outcome is the loader error's
// case name ("responseTooLarge"), "loaded" or "other".
import Foundation
import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let url = URL(string: arguments[1]), let limit = Int(arguments[2]) else {
  FileHandle.standardError.write(
    Data("usage: listkit-http-probe <url> <maximumResponseBytes> own|app\n".utf8))
  exit(2)
}

/// The peak resident memory of this process, in bytes.
func peakResidentBytes() -> Int {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Darwin
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  #endif
}

let session = arguments[3] == "app" ? URLSession(configuration: .default) : nil
// The deadline is only a hang guard: what the test checks is the outcome and the peak. It is
// long because a sanitizer build on a machine busy with other suites can take minutes, and a
// timeout would hide the outcome.
let loader = HTTPPageLoader<String>(
  baseURL: url, style: .array, timeout: .seconds(600), maximumResponseBytes: limit, session: session)
let outcome: String
do {
  _ = try await loader.loadPage(PageRequest(position: .page(index: 1, size: 1), direction: .refresh))
  outcome = "loaded"
} catch HTTPPageLoaderError.responseTooLarge {
  outcome = "responseTooLarge"
} catch {
  outcome = "other: \(error)"
}
print("\(outcome) \(peakResidentBytes())")
