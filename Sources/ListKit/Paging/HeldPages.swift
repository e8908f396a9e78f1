/// The pages a paged list holds, top to bottom, with where their neighbours load: what lets
/// ``PagingConfiguration/maximumItemCount`` drop whole pages at the far end and re-open the exact
/// position.
///
/// Without a maximum only the first page is recorded: a record per page would be memory and time
/// for nothing.
///
/// Invariants (``checkInvariants(itemCount:)``):
/// - with a maximum, the pages' counts add up to the items held;
/// - without one, at most one page is recorded.
struct HeldPages {
  /// One page among the items.
  struct Page {
    /// The items it added (a duplicate id it brought is counted with the page that holds it).
    var count: Int
    /// Where the page just above it loads, as a previous page.
    var before: PagePositions.Edge
    /// Where the page just below it loads, as a next page.
    var after: PagePositions.Edge
    /// The cursors the page returned: forgotten as "seen" when the page is dropped, so that
    /// loading it again is not taken for a loop.
    var cursors: [String]
  }

  /// Pages dropped at one end.
  struct Drop {
    /// The items dropped, as indexes of the items before the drop.
    var removed: Range<Int>
    /// Where the direction at that end loads now.
    var edge: PagePositions.Edge
    /// The cursors of the dropped pages.
    var cursors: [String]

    /// `change` as it reaches observers after this drop: unchanged when no item was dropped,
    /// else ``ItemsChange/dropped(removed:then:)`` with indexes of the items before and after.
    func applied(to change: ItemsChange) -> ItemsChange {
      guard !removed.isEmpty else { return change }
      switch change {
      case .appended(let inserted, let updated):
        // Top pages went: the load's indexes move up by the number dropped.
        let shift = removed.count
        return .dropped(
          removed: removed,
          then: .appended(
            inserted: (inserted.lowerBound - shift)..<(inserted.upperBound - shift),
            updated: updated.filter { $0 >= shift }.map { $0 - shift }))
      case .prepended(let inserted, let updated):
        // Bottom pages went: in the items before the load they sat `inserted.count` higher.
        return .dropped(
          removed: (removed.lowerBound - inserted.count)..<(removed.upperBound - inserted.count),
          then: .prepended(inserted: inserted, updated: updated.filter { $0 < removed.lowerBound }))
      case .reloaded, .dropped:
        return change
      }
    }
  }

  private let maximumItemCount: Int?
  private var pages: [Page] = []

  /// Creates an empty record for lists of at most `maximumItemCount` items (`nil`: no maximum).
  init(maximumItemCount: Int?) {
    self.maximumItemCount = maximumItemCount
  }

  /// Forgets every page: `page` is now the only one.
  mutating func reset(to page: Page) {
    pages = [page]
  }

  /// Records a page added below the others (`above == false`) or above them.
  mutating func add(_ page: Page, above: Bool) {
    guard maximumItemCount != nil else { return }
    if above { pages.insert(page, at: 0) } else { pages.append(page) }
  }

  /// Drops whole pages at the top (`fromTop`) or the bottom while `itemCount` items are over the
  /// maximum, never the last page left.
  /// - Returns: What was dropped, or `nil` when nothing was.
  /// - Complexity: O(*p*) for *p* pages held.
  mutating func drop(fromTop: Bool, itemCount: Int) -> Drop? {
    guard let maximumItemCount else { return nil }
    var count = 0
    var dropped = 0
    while itemCount - count > maximumItemCount, dropped < pages.count - 1 {
      count += pages[fromTop ? dropped : pages.count - 1 - dropped].count
      dropped += 1
    }
    guard dropped > 0 else { return nil }
    let gone = fromTop ? pages[..<dropped] : pages[(pages.count - dropped)...]
    let cursors = gone.flatMap(\.cursors)
    if fromTop { pages.removeFirst(dropped) } else { pages.removeLast(dropped) }
    return fromTop
      ? Drop(removed: 0..<count, edge: pages[0].before, cursors: cursors)
      : Drop(removed: (itemCount - count)..<itemCount, edge: pages[pages.count - 1].after, cursors: cursors)
  }

  /// Checks the invariants listed on the type.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants(itemCount: Int) throws(PagingInvariantViolation) {
    guard maximumItemCount != nil else {
      return try PagingInvariantViolation.check(
        pages.count <= 1, "pages: \(pages.count) recorded without a maximum")
    }
    let recorded = pages.reduce(0) { $0 + $1.count }
    try PagingInvariantViolation.check(
      recorded == itemCount || (pages.isEmpty && itemCount == 0),
      "pages: \(recorded) items recorded for \(itemCount) held")
  }
}
