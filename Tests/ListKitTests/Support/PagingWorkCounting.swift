import Foundation
import ListKitTesting

/// The counter of ListKitTesting, named for the files of this target that do not import it.
typealias WorkCounter = ListKitTesting.WorkCounter

/// An item whose id counts its hashes and comparisons in a ``WorkCounter``.
struct CountedItem: Identifiable {
  let id: CountedID

  static func range(_ range: Range<Int>, _ counter: WorkCounter) -> [CountedItem] {
    range.map { CountedItem(id: CountedID($0, counter)) }
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
