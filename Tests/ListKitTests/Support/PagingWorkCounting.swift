import Foundation

/// Counts the hashing and comparing a duplicate check does.
final class WorkCounter: @unchecked Sendable {
  // @unchecked: used by one test on one thread.
  var hashes = 0
  var comparisons = 0
}

/// An item whose id counts its hashes and comparisons.
struct CountedItem: Identifiable {
  struct ID: Hashable {
    let value: Int
    let counter: WorkCounter

    init(_ value: Int, _ counter: WorkCounter) {
      self.value = value
      self.counter = counter
    }

    static func == (lhs: ID, rhs: ID) -> Bool {
      lhs.counter.comparisons += 1
      return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
      counter.hashes += 1
      hasher.combine(value)
    }
  }

  let id: ID

  static func range(_ range: Range<Int>, _ counter: WorkCounter) -> [CountedItem] {
    range.map { CountedItem(id: ID($0, counter)) }
  }
}

/// A flag set from an observation callback.
final class Flag: @unchecked Sendable {
  // @unchecked: `value` is guarded by `lock`.
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
