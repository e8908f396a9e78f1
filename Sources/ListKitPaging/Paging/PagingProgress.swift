/// Whether paging gets anywhere: the pages in a row, per direction, that added no new item
/// although they claimed more follow.
///
/// A server that ignores the page parameter answers its first page again and again, each time
/// with "more follow"; every item is a duplicate and dropped, so nothing else would end the
/// paging. After ``PagingNoProgressError/pageBound`` such pages in a row the direction fails with a
/// ``PagingNoProgressError``. A page that adds an item, or a refresh, starts the count again.
///
/// Invariants (``checkInvariants()``): each count is between 0 and the bound.
package struct PagingProgress {
  /// The pages in a row that added nothing, below the items.
  private var nextPages = 0
  /// The pages in a row that added nothing, above the items.
  private var previousPages = 0

  /// Records a page of the next or previous direction.
  /// - Parameters:
  ///   - change: What it did to the items (duplicates of held items are not added).
  ///   - claimsMore: Whether paging goes on in that direction after it.
  ///   - direction: ``PagingDirection/nextPage`` or ``PagingDirection/previousPage``.
  /// - Returns: The error that ends the direction, when this page reaches the bound.
  mutating func record(_ change: ItemsChange, claimsMore: Bool, direction: PagingDirection)
    -> PagingNoProgressError?
  {
    let added: Int
    switch change {
    case .appended(let inserted, _), .prepended(let inserted, _): added = inserted.count
    case .reloaded, .dropped, .edited: added = 1
    }
    let before = direction == .previousPage ? previousPages : nextPages
    let count = added == 0 && claimsMore ? min(before + 1, PagingNoProgressError.pageBound) : 0
    if direction == .previousPage { previousPages = count } else { nextPages = count }
    guard count == PagingNoProgressError.pageBound else { return nil }
    return PagingNoProgressError(direction: direction, pages: count)
  }

  /// Starts both counts again (a refresh, a new context).
  mutating func reset() {
    nextPages = 0
    previousPages = 0
  }

  /// Checks the invariants listed on the type.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants() throws(PagingInvariantViolation) {
    for count in [nextPages, previousPages] {
      try PagingInvariantViolation.check(
        (0...PagingNoProgressError.pageBound).contains(count), "a no-progress count out of bounds")
    }
  }
}
