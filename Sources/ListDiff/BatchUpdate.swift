/// One batch of changes that a list view applies in a single animated update, under UIKit's rules.
///
/// The fields follow `UITableView.performBatchUpdates(_:completion:)`:
/// deletes and reloads address the state *before* the update, inserts the state *after* it,
/// and moves go from a before-position to an after-position. A list view processes, as UIKit
/// does, all deletes (and reloads) first, then all inserts, so the indexes of one kind never
/// depend on the order in which the others are listed.
///
/// `BatchUpdate` is a plain value: it can be built and checked off the main actor.
public struct BatchUpdate: Hashable, Sendable {
  /// Sections to delete, by index in the old state.
  public var sectionDeletes: [Int]
  /// Sections to insert, by index in the new state.
  public var sectionInserts: [Int]
  /// Sections to move, from an old index to a new index.
  public var sectionMoves: [Move<Int>]
  /// Sections to reload, by index in the old state.
  public var sectionReloads: [Int]
  /// Items to delete, by path in the old state.
  public var itemDeletes: [ItemPath]
  /// Items to insert, by path in the new state.
  public var itemInserts: [ItemPath]
  /// Items to move, from an old path to a new path.
  public var itemMoves: [Move<ItemPath>]
  /// Items to reload, by path in the old state.
  public var itemReloads: [ItemPath]

  /// Creates a batch update; every argument defaults to no change.
  /// - Parameters:
  ///   - sectionDeletes: Sections to delete, by old index.
  ///   - sectionInserts: Sections to insert, by new index.
  ///   - sectionMoves: Sections to move, old index to new index.
  ///   - sectionReloads: Sections to reload, by old index.
  ///   - itemDeletes: Items to delete, by old path.
  ///   - itemInserts: Items to insert, by new path.
  ///   - itemMoves: Items to move, old path to new path.
  ///   - itemReloads: Items to reload, by old path.
  public init(
    sectionDeletes: [Int] = [],
    sectionInserts: [Int] = [],
    sectionMoves: [Move<Int>] = [],
    sectionReloads: [Int] = [],
    itemDeletes: [ItemPath] = [],
    itemInserts: [ItemPath] = [],
    itemMoves: [Move<ItemPath>] = [],
    itemReloads: [ItemPath] = []
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionMoves = sectionMoves
    self.sectionReloads = sectionReloads
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemMoves = itemMoves
    self.itemReloads = itemReloads
  }

  /// Whether the batch changes nothing.
  public var isEmpty: Bool { changeCount == 0 }

  /// The number of individual changes in the batch (each delete, insert, move and reload counts one).
  public var changeCount: Int {
    sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
      + itemDeletes.count + itemInserts.count + itemMoves.count + itemReloads.count
  }
}

extension BatchUpdate: CustomStringConvertible {
  /// A compact listing of the non-empty fields, for test failures and logs.
  public var description: String {
    var parts: [String] = []
    func add<T>(_ name: String, _ values: [T]) {
      if !values.isEmpty { parts.append("\(name): \(values.map { "\($0)" }.joined(separator: ", "))") }
    }
    add("section deletes", sectionDeletes)
    add("section inserts", sectionInserts)
    add("section moves", sectionMoves)
    add("section reloads", sectionReloads)
    add("item deletes", itemDeletes)
    add("item inserts", itemInserts)
    add("item moves", itemMoves)
    add("item reloads", itemReloads)
    return parts.isEmpty ? "BatchUpdate(empty)" : "BatchUpdate(\(parts.joined(separator: "; ")))"
  }
}
