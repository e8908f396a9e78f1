/// The pages a paged list holds, top to bottom, with where their neighbours load and where each
/// loads again, and the item a view displayed last: what lets
/// ``PagingConfiguration/maximumItemCount`` drop whole pages at the far end (never those within
/// the prefetch distance of what the user sees) and re-open the exact position, and a refresh in
/// place (``PagingRefreshMode/aroundLastViewedItem``) reload the page the user looks at.
///
/// Without a maximum or a refresh in place only the first page is recorded: a record per page
/// would be memory and time for nothing.
///
/// The item displayed last is held by its id and found among the items when needed, so that it
/// follows whatever moved it (a page above, a kept insert or remove) and is forgotten with it.
///
/// Invariants (``checkInvariants(itemCount:)``):
/// - when every page is recorded, the pages' counts add up to the items held;
/// - otherwise at most one page is recorded.
struct HeldPages<Item: Identifiable> {
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
    /// The position that loads the page again, as a first page; `nil` for items the app
    /// inserted before any page arrived.
    var position: PageRequest.Position?
    /// The items the server added (positive) or removed above the page since it was recorded:
    /// ``before`` and ``position`` move by as many when used.
    var shiftBefore = 0
    /// The same above ``after``: the page's own items count too.
    var shiftAfter = 0
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
      case .reloaded, .dropped, .edited:
        return change
      }
    }
  }

  private let maximumItemCount: Int?
  private let style: PagingStyle
  private let pageSize: Int
  /// Whether a refresh reloads the page of the item displayed last
  /// (``PagingRefreshMode/aroundLastViewedItem``): every page is recorded then, maximum or not.
  private let refreshesInPlace: Bool
  private var pages: [Page] = []
  /// The id of the item a view displayed last; `nil` before one was displayed since the items
  /// were replaced.
  private var lastViewed: Item.ID?
  /// The first and the last item a view reported on screen; a drop keeps them and every item
  /// between, however tall the screen.
  private var onScreen: (first: Item.ID, last: Item.ID, rowsAbove: Int)?

  /// Creates an empty record for lists of `configuration`: at most its
  /// ``PagingConfiguration/maximumItemCount`` items, refreshed as its refresh mode says.
  init(_ configuration: PagingConfiguration) {
    self.maximumItemCount = configuration.maximumItemCount
    self.style = configuration.style
    self.pageSize = configuration.pageSize
    self.refreshesInPlace = configuration.refreshMode == .aroundLastViewedItem
  }

  private var isRecordingEveryPage: Bool { maximumItemCount != nil || refreshesInPlace }

  /// Forgets every page and the item last displayed: `page` is now the only one.
  mutating func reset(to page: Page) {
    pages = [page]
    lastViewed = nil
    onScreen = nil
  }

  /// Forgets every page and the item last displayed: no page is held (a new context).
  mutating func removeAll() {
    pages = []
    lastViewed = nil
    onScreen = nil
  }

  /// Records a page added below the others (`above == false`) or above them.
  mutating func add(_ page: Page, above: Bool) {
    guard isRecordingEveryPage else { return }
    if above { pages.insert(page, at: 0) } else { pages.append(page) }
  }

  /// Records that a view displayed `item`, when it is among the loaded items: an item only a
  /// pending edit shows has no page.
  mutating func viewed(_ item: Item, in store: PagingItemStore<Item>) {
    if store.index(of: item.id) != nil { lastViewed = item.id }
  }

  /// Records the first and the last item a view shows, when both are among the loaded items.
  /// - Parameter rowsAbove: The rows on screen above `first` (items only edits show).
  mutating func onScreen(first: Item, last: Item, rowsAbove: Int, in store: PagingItemStore<Item>) {
    guard store.index(of: first.id) != nil, store.index(of: last.id) != nil else { return }
    onScreen = (first.id, last.id, rowsAbove)
  }

  /// The first and the last loaded item a view reported on screen, when it did since the items
  /// were replaced.
  var screenEnds: (first: Item.ID, last: Item.ID)? { onScreen.map { ($0.first, $0.last) } }

  /// The rows on screen above the item the user is at (``placeItemID``), when a view said.
  var rowsAbovePlace: Int { onScreen?.rowsAbove ?? 0 }

  /// The item the user is at: the first one a view reported on screen, else the one displayed
  /// last; `nil` before a view displayed one since the items were replaced.
  var placeItemID: Item.ID? { onScreen?.first ?? lastViewed }

  /// What a refresh in place reloads: the item the user is at (``placeItemID``: the first on
  /// screen, so that it comes back at the top of the screen where it was), when it is still
  /// held, and the position that loads its page again; `nil` when the list does not refresh in
  /// place, none was displayed, it is gone, or its page has no position (items inserted before
  /// any page).
  /// - Complexity: O(*p*) for *p* pages held.
  func lastViewedPage(in store: PagingItemStore<Item>) -> (id: Item.ID, position: PageRequest.Position)? {
    guard refreshesInPlace, let place = placeItemID, let index = store.index(of: place),
      let page = page(holding: index).map({ pages[$0] }), var position = page.position
    else { return nil }
    // An offset moves with the items above the page; a page number names the page the item is
    // on still, or next to it.
    if case .offset(let offset, let limit) = position {
      position = .offset(max(0, offset + page.shiftBefore), limit: limit)
    }
    return (place, position)
  }

  /// Counts an item a kept edit inserted into, or removed from, the page that holds it (an
  /// insert at the end counts in the last page), so that drops stay whole pages.
  /// - Complexity: O(*p*) for *p* pages held.
  mutating func count(_ edited: PagingItemStore<Item>.Edited) {
    guard isRecordingEveryPage else { return }
    switch edited {
    case .none, .updated:
      break
    case .removed(let index):
      if let page = page(holding: index) { pages[page].count -= 1 }
    case .inserted(let index):
      // Items inserted before a first page: a page of their own, which the first page replaces.
      guard !pages.isEmpty else {
        pages = [Page(count: 1, before: .unknown, after: .unknown, cursors: [], position: nil)]
        return
      }
      if let page = page(holding: index) ?? (index == itemCount ? pages.indices.last : nil) {
        pages[page].count += 1
      }
    }
  }

  /// The index of the page that holds the item at `index`, or `nil` past the items.
  /// - Complexity: O(*p*) for *p* pages held.
  private func page(holding index: Int) -> Int? {
    var start = 0
    for page in pages.indices {
      start += pages[page].count
      if index < start { return page }
    }
    return nil
  }

  /// The items the pages count.
  private var itemCount: Int { pages.reduce(0) { $0 + $1.count } }

  /// Records that the server added (`delta` 1) or removed (-1) an item at the item at `index`
  /// (the user's edit it has): where the pages below it load, and where its page's next page
  /// loads, move with it (see ``PagePositions/shift(by:)``), when they are used.
  /// - Complexity: O(*p*) for *p* pages held.
  mutating func shiftPositions(afterItemAt index: Int, by delta: Int) {
    guard isRecordingEveryPage, let page = page(holding: index) ?? pages.indices.last else { return }
    pages[page].shiftAfter += delta
    for later in pages.indices where later > page {
      pages[later].shiftBefore += delta
      pages[later].shiftAfter += delta
    }
  }

  /// Drops whole pages at the top (`fromTop`) or the bottom while the items of `store` are over
  /// the maximum; the caller removes the dropped items.
  ///
  /// Never the last page left nor a page that holds an item within `distance` of the item
  /// displayed last (the rows on screen and those a prefetch keeps ready): the items then stay
  /// over the maximum until the user scrolls on. Pages that hold no item are dropped only with
  /// a page beyond them that holds some.
  /// - Returns: What was dropped, or `nil` when nothing was.
  /// - Complexity: O(*p*) for *p* pages held.
  mutating func drop(fromTop: Bool, of store: PagingItemStore<Item>, keepingWithin distance: Int) -> Drop? {
    guard let maximumItemCount else { return nil }
    let itemCount = store.items.count
    // Kept: the item displayed last and the rows on screen, each with the prefetch distance
    // around it.
    func around(_ low: Int, _ high: Int) -> ClosedRange<Int> {
      max(0, low - distance)...(high > Int.max - distance ? Int.max : high + distance)
    }
    var kept = lastViewed.flatMap(store.index(of:)).map { around($0, $0) }
    if let onScreen, let first = store.index(of: onScreen.first), let last = store.index(of: onScreen.last) {
      let screen = around(min(first, last), max(first, last))
      kept =
        kept.map { min($0.lowerBound, screen.lowerBound)...max($0.upperBound, screen.upperBound) } ?? screen
    }
    var count = 0
    var dropped = 0
    while itemCount - count > maximumItemCount, dropped < pages.count - 1 {
      let size = pages[fromTop ? dropped : pages.count - 1 - dropped].count
      let range = fromTop ? count..<(count + size) : (itemCount - count - size)..<(itemCount - count)
      if let kept, range.overlaps(kept) { break }
      count += size
      dropped += 1
    }
    // Pages that hold no item (the server removed them all) go only with a page beyond them: a
    // drop that removes nothing would re-open that end for nothing.
    while dropped > 0, pages[fromTop ? dropped - 1 : pages.count - dropped].count == 0 { dropped -= 1 }
    guard dropped > 0 else { return nil }
    let gone = fromTop ? pages[..<dropped] : pages[(pages.count - dropped)...]
    let cursors = gone.flatMap(\.cursors)
    if fromTop { pages.removeFirst(dropped) } else { pages.removeLast(dropped) }
    return fromTop
      ? Drop(
        removed: 0..<count,
        edge: pages[0].before.shifted(
          by: pages[0].shiftBefore, style: style, pageSize: pageSize, above: true),
        cursors: cursors)
      : Drop(
        removed: (itemCount - count)..<itemCount,
        edge: pages[pages.count - 1].after.shifted(
          by: pages[pages.count - 1].shiftAfter, style: style, pageSize: pageSize),
        cursors: cursors)
  }

  /// Checks the invariants listed on the type.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants(itemCount: Int) throws(PagingInvariantViolation) {
    guard isRecordingEveryPage else {
      return try PagingInvariantViolation.check(
        pages.count <= 1, "pages: \(pages.count) recorded without a maximum")
    }
    let recorded = pages.reduce(0) { $0 + $1.count }
    try PagingInvariantViolation.check(
      recorded == itemCount || (pages.isEmpty && itemCount == 0),
      "pages: \(recorded) items recorded for \(itemCount) held")
  }
}

extension HeldPages.Page {
  /// The record of `page`, which added `count` items and loads again from `position`.
  init(
    count: Int, of page: ListKitPaging.Page<Item>, before: PagePositions.Edge, after: PagePositions.Edge,
    at position: PageRequest.Position
  ) {
    self.init(
      count: count, before: before, after: after,
      cursors: [page.nextCursor, page.previousCursor].compactMap { $0 },
      position: position)
  }
}
