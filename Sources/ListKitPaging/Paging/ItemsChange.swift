/// What one load or edit did to a ``PagedList``'s items, so that a view can update only that.
public enum ItemsChange: Hashable, Sendable {
  /// Every item was replaced (a first page or a cached page); `count` items are now held.
  case reloaded(count: Int)
  /// New items were appended at `inserted`; the items at `updated` (all before `inserted`) took the
  /// content of a newer duplicate (``DuplicateIDPolicy/replaceWithNewest``).
  case appended(inserted: Range<Int>, updated: [Int])
  /// New items were inserted at the top, at `inserted` (always starting at 0); every item held
  /// before moved down by `inserted.count`. The items at `updated` (indexes after the insertion,
  /// all after `inserted`) took the content of a newer duplicate.
  case prepended(inserted: Range<Int>, updated: [Int])
  /// The items at `removed` (indexes before the load) were dropped to stay within
  /// ``PagingConfiguration/maximumItemCount``, then `change` was applied to the items left; the
  /// indexes in `change` are those of the items after the load.
  indirect case dropped(removed: Range<Int>, then: ItemsChange)
  /// An edit (``PagedList/apply(_:)``, ``PagedList/applyPending(_:)``, a confirmation or a
  /// roll-back), or a load while an inserted or removed item waits for the server, changed
  /// these items, as one batch update: `removed` are indexes before the change, `inserted` and
  /// `updated` indexes after it, each ascending; the items not removed keep their order.
  case edited(removed: [Int], inserted: [Int], updated: [Int])
}

extension ItemsChange {
  /// The change made after the pages a ``dropped(removed:then:)`` dropped; the change itself
  /// otherwise.
  var afterDrop: ItemsChange {
    if case .dropped(_, let then) = self { return then.afterDrop }
    return self
  }
}
