import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Threads that sleep for 20 to 100 µs and then run for 10 to 50 µs, over and over.
///
/// With more runnable threads than cores, each wake-up may preempt whichever thread is running,
/// wherever it is: the short windows between two steps of another thread open wide, as they do
/// now and then on a loaded machine. (A timer's signal cannot do it: Dispatch's worker threads
/// block signals.)
enum BusyThreads {
  static func start(_ count: Int) {
    for index in 0..<count {
      Thread {
        var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
        while true {
          // xorshift64: this thread's own sequence, nothing shared.
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          usleep(UInt32(20 + state % 80))
          spin(Int(2_000 + (state >> 20) % 8_000))
        }
      }.start()
    }
  }
}
