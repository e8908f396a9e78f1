import Foundation

/// The cache's bookkeeping of its files: size and last access of each, the total, and which
/// files to evict to stay under the byte limit (least recently used first).
///
/// A pure value: it touches no file. `FilePageCache` performs what it returns (removing the
/// evicted files) and persists each last access as the file's modification date, so the index
/// can be rebuilt from a directory listing when the cache starts.
struct CacheIndex: Sendable {
  struct Entry: Hashable, Sendable {
    var bytes: Int
    /// Seconds since 1970 of the last save or hit.
    var lastAccess: Double
  }

  /// The byte limit the index keeps the total under.
  let byteLimit: Int
  private(set) var entries: [String: Entry] = [:]
  private(set) var totalBytes = 0

  init(byteLimit: Int) {
    self.byteLimit = byteLimit
  }

  /// Forgets everything (the directory was purged) and records what a listing found.
  /// - Returns: The files to evict, least recently used first.
  mutating func rebuild(from files: [(name: String, entry: Entry)]) -> [String] {
    removeAll()
    for file in files {
      insert(file.name, file.entry)
    }
    return evict(sparing: nil)
  }

  /// Records a file written (or replaced) or read at a time; a file the index did not know
  /// (written by another process) is added with its size.
  /// - Returns: The other files to evict, least recently used first.
  mutating func record(_ name: String, bytes: Int, at time: Double) -> [String] {
    insert(name, Entry(bytes: bytes, lastAccess: time))
    return evict(sparing: name)
  }

  /// Forgets a file.
  mutating func remove(_ name: String) {
    if let old = entries.removeValue(forKey: name) {
      totalBytes -= old.bytes
    }
  }

  /// Forgets every file.
  mutating func removeAll() {
    entries = [:]
    totalBytes = 0
  }

  private mutating func insert(_ name: String, _ entry: Entry) {
    remove(name)
    entries[name] = entry
    totalBytes += entry.bytes
  }

  /// - Complexity: O(*n*) per evicted file; a cache holds first pages, tens of files.
  private mutating func evict(sparing spared: String?) -> [String] {
    var evicted: [String] = []
    while totalBytes > byteLimit {
      let victim = entries.lazy.filter { $0.key != spared }.min { lhs, rhs in
        (lhs.value.lastAccess, lhs.key) < (rhs.value.lastAccess, rhs.key)
      }
      guard let victim else { break }
      remove(victim.key)
      evicted.append(victim.key)
    }
    return evicted
  }
}
