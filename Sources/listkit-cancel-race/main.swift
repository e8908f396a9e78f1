// Test fixture for HTTPCancelRaceTests (not a tool): races cancels against an app's URL protocol
// that completes tasks from a thread of its own, and exits 0 when no round trapped.
//
// Usage: listkit-cancel-race <rounds> <seed> <busy threads>
//
// Each round starts eight loads of `http://offqueue.test/…` through HTTPTransports made from an
// app session whose protocol classes route them to `OffQueueProtocol`. Once a load is loading,
// its protocol answers and completes the task from a queue of its own after a seeded amount of
// work, while another thread cancels the load after another, so cancels land all around the
// completions. The busy threads wake every few tens of microseconds (`BusyThreads`), which
// preempts the session's threads at any point, as a loaded machine does now and then.
//
// A trap ends this process: FoundationNetworking's "Trying to access a behaviour for a task that
// in not in the registry" when a cancel's work runs after the completion removed the task. The
// test reads how the process ended. On success it prints how the loads ended.
import Dispatch
import Foundation
import ListKit
import ListKitHTTP
import ListKitTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let rounds = Int(arguments[1]), let seed = UInt64(arguments[2]),
  let busyThreads = Int(arguments[3])
else {
  FileHandle.standardError.write(Data("usage: listkit-cancel-race <rounds> <seed> <busy threads>\n".utf8))
  exit(2)
}
BusyThreads.start(busyThreads)

let configuration = URLSessionConfiguration.ephemeral
configuration.protocolClasses = [OffQueueProtocol.self]
let appSession = URLSession(configuration: configuration)
var random = SplitMix64(seed: seed)
var outcomes: [String: Int] = [:]
var made = 0
for _ in 0..<rounds {
  var loads: [Task<String, Never>] = []
  for _ in 0..<8 {
    // Up to about 100 µs of work each (debug build), around the time the completion's and the
    // cancel's paths through the session take.
    let answerSpins = Int.random(in: 0...20_000, using: &random)
    let cancelSpins = Int.random(in: 0...20_000, using: &random)
    made += 1
    let url = URL(string: "http://offqueue.test/\(made)?spins=\(answerSpins)")!
    // NB: a transport, so a session, per load: FoundationNetworking reads a session's task
    // registry on the thread that calls a URL protocol's client while its work queue changes it
    // for the session's other tasks, a data race of its own that crashes now and then.
    let transport = HTTPTransport(timeout: .seconds(600), maximumResponseBytes: 65_536, session: appSession)
    let load = Task {
      do {
        _ = try await transport.send(
          URLRequest(url: url), for: PageRequest(position: .page(index: 1, size: 3), direction: .refresh))
        return "loaded"
      } catch is CancellationError {
        return "cancelled"
      } catch {
        return "failed"
      }
    }
    OffQueueProtocol.onStart(of: url) {
      DispatchQueue.global().async {
        spin(cancelSpins)
        load.cancel()
      }
    }
    loads.append(load)
  }
  for load in loads { outcomes[await load.value, default: 0] += 1 }
}
print(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
