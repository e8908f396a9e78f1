import Foundation

/// Finds the package's fixture executables (`listkit-cache-writer`, `listkit-store-writer`,
/// `listkit-http-probe`), which `swift build --build-tests` and `swift test` build beside the
/// test binary, for tests that run them as child processes.
package enum FixtureExecutable {
  /// The executable `name` in the build directory of the running test binary, or `nil`.
  ///
  /// Looks beside the running binary (`/proc/self/exe` on Linux; on Apple platforms the `.xctest`
  /// bundle this module is linked into) and beside `CommandLine.arguments[0]`, and a few levels
  /// up from each (on Apple platforms the test binary sits inside the bundle).
  package static func url(named name: String) -> URL? {
    var directories: [URL] = []
    #if canImport(Darwin)
      directories.append(Bundle(for: Marker.self).bundleURL.deletingLastPathComponent())
    #else
      // NB: not Bundle.allBundles, which on Linux, asked from a pool thread, leaves
      // CoreFoundation's copied bundle array behind (LeakSanitizer reports it).
      if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
      }
    #endif
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for directory in directories {
      var candidate = directory
      for _ in 0..<4 {
        let executable = candidate.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
        candidate.deleteLastPathComponent()
      }
    }
    return nil
  }

  #if canImport(Darwin)
    /// A class of this module, for the bundle it is linked into.
    private final class Marker {}
  #endif
}
