// The self-test of .ci/one-pool-thread: prints how many pool threads ran at once.
import Foundation

final class Peak: @unchecked Sendable {
  private let lock = NSLock()
  private var running = 0
  private(set) var peak = 0
  func enter() { lock.withLock { running += 1; peak = max(peak, running) } }
  func leave() { lock.withLock { running -= 1 } }
}
let peak = Peak()
await withTaskGroup(of: Void.self) { group in
  for _ in 0..<4 {
    group.addTask {
      peak.enter()
      usleep(100_000)  // holds the pool thread on purpose: that is what is measured
      peak.leave()
    }
  }
}
print(peak.peak)
