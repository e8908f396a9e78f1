import Foundation

/// Writes text to standard error.
struct StandardErrorStream: TextOutputStream {
  mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}
