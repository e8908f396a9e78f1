import Foundation
import ListKit

/// Where a cache lives when the app does not say.
enum FilePageCacheLocation {
  static func defaultDirectory(named name: String) -> URL {
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return directory(named: name, base: base)
    #else
      return defaultDirectory(
        named: name, environment: ProcessInfo.processInfo.environment,
        home: FileManager.default.homeDirectoryForCurrentUser)
    #endif
  }

  /// The XDG rule: `$XDG_CACHE_HOME` when it is an absolute path, otherwise `~/.cache`.
  static func defaultDirectory(named name: String, environment: [String: String], home: URL) -> URL {
    let base: URL
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      base = URL(filePath: xdg, directoryHint: .isDirectory)
    } else if let homePath = environment["HOME"], homePath.hasPrefix("/") {
      base = URL(filePath: homePath, directoryHint: .isDirectory)
        .appending(component: ".cache", directoryHint: .isDirectory)
    } else {
      base = home.appending(component: ".cache", directoryHint: .isDirectory)
    }
    return directory(named: name, base: base)
  }

  private static func directory(named name: String, base: URL) -> URL {
    base.appending(component: "ListKit", directoryHint: .isDirectory)
      .appending(component: sanitized(name, maximumLength: 64), directoryHint: .isDirectory)
  }

  /// Text reduced to `[A-Za-z0-9_-]` and a maximum length; when anything had to change, a short
  /// hash of the original is appended so different inputs stay apart.
  ///
  /// Names equal by `==` give one directory: the text is first put in Normalization Form C (see
  /// ``CacheFileName``).
  /// - Returns: A non-empty string that is safe as a file-name component.
  static func sanitized(_ name: String, maximumLength: Int) -> String {
    let text = CacheFileName.normalized(name)
    var out = ""
    var changed = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "A"..."Z", "a"..."z", "0"..."9", "_", "-":
        out.unicodeScalars.append(scalar)
      default:
        out.append("_")
        changed = true
      }
    }
    if changed || out.count > maximumLength || out.isEmpty {
      out = String(out.prefix(max(0, maximumLength - 9))) + "-" + String(SHA256.hexDigest(text).prefix(8))
    }
    return out
  }
}
