/// Counts the hashing and comparing that code under test asks of the caller's types, so a test can
/// prove a complexity bound by counting work instead of timing it (as swift-collections counts `==`).
///
/// Give every element a ``CountedID`` that reports to one counter, run the code, read the counts.
package final class WorkCounter: @unchecked Sendable {
  // @unchecked: a counter belongs to one test, which uses it on one thread.
  /// How many times a ``CountedID`` was hashed.
  package var hashes = 0
  /// How many times two ``CountedID``s (or values that count through them) were compared.
  package var comparisons = 0

  /// Hashes and comparisons together.
  package var work: Int { hashes + comparisons }

  /// Creates a counter at zero.
  package init() {}
}

/// An integer id that counts each hash and each comparison in its ``WorkCounter``.
package struct CountedID: Hashable {
  /// The id's value: two ids are equal when their values are.
  package let value: Int
  /// Where the work is counted.
  package let counter: WorkCounter

  /// Creates an id that counts in `counter`.
  package init(_ value: Int, _ counter: WorkCounter) {
    self.value = value
    self.counter = counter
  }

  package static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.counter.comparisons += 1
    return lhs.value == rhs.value
  }

  package func hash(into hasher: inout Hasher) {
    counter.hashes += 1
    hasher.combine(value)
  }
}
