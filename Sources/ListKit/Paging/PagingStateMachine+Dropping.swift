extension PagingStateMachine {
  /// One loaded page among the items.
  typealias HeldPage = PagingHeldPage

  /// Where the page before the one `request` loaded starts, or `.end` at the top.
  ///
  /// The page before it, the offset one page earlier, or the page's previous cursor; used for
  /// previous pages and to re-open the top after a drop.
  func positionBefore(_ request: PageRequest, _ page: Page<Item>) -> NextPage {
    let size = configuration.pageSize
    switch request.position {
    case .page(let index, _):
      guard case .pageIndex(let firstIndex) = configuration.style, index > firstIndex else { return .end }
      return .at(.page(index: index - 1, size: size))
    case .offset(let offset, _):
      guard offset > 0 else { return .end }
      return .at(.offset(max(0, offset - size), limit: min(size, offset)))
    case .cursor, .cursorBefore, .item:
      guard let cursor = page.previousCursor else { return .end }
      return .at(.cursorBefore(cursor, limit: size))
    }
  }

  /// Where the page below a previous page loaded by `request` loads again, as a next page.
  func positionAfter(_ request: PageRequest, _ page: Page<Item>) -> NextPage {
    let size = configuration.pageSize
    switch request.position {
    case .page(let index, _):
      return .at(.page(index: index + 1, size: size))
    case .offset(let offset, let limit):
      return .at(.offset(offset + limit, limit: size))
    case .cursor, .cursorBefore, .item:
      guard let cursor = page.nextCursor else { return .end }
      return .at(.cursor(cursor, limit: size))
    }
  }

  /// Whether the items are over the maximum with a page to spare.
  private var overCap: Bool {
    guard let maximum = configuration.maximumItemCount else { return false }
    return items.count > maximum && heldPages.count > 1
  }

  /// Drops whole pages from the top while the items are over the maximum (never the page just
  /// appended), cancels the previous direction and re-opens it at the last dropped page.
  ///
  /// - Returns: The ticket of a previous page in flight, to cancel: it would land above a gap.
  /// - Complexity: O(*n*) for *n* held items (one move of the items left).
  mutating func dropTopPages() -> Ticket? {
    lastDrop = 0..<0
    guard overCap else { return nil }
    var count = 0
    var pagesDropped = 0
    while let maximum = configuration.maximumItemCount, items.count - count > maximum,
      pagesDropped < heldPages.count - 1
    {
      count += heldPages[pagesDropped].count
      forgetCursors(of: heldPages[pagesDropped])
      pagesDropped += 1
    }
    for index in 0..<count { forgetID(at: index) }
    items.removeFirst(count)
    firstIndexKey += count
    heldPages.removeFirst(pagesDropped)
    lastDrop = 0..<count
    previous = heldPages[0].before
    return Self.reopen(&previousPageLoad)
  }

  /// Drops whole pages from the bottom while the items are over the maximum (never the page just
  /// prepended), cancels the next direction and re-opens it at the first dropped page.
  ///
  /// - Returns: The ticket of a next page in flight, to cancel: it would land below a gap.
  /// - Complexity: O(*d*) for *d* dropped items.
  mutating func dropBottomPages() -> Ticket? {
    lastDrop = 0..<0
    guard overCap else { return nil }
    var count = 0
    while let maximum = configuration.maximumItemCount, items.count - count > maximum, heldPages.count > 1 {
      let page = heldPages.removeLast()
      count += page.count
      forgetCursors(of: page)
    }
    let start = items.count - count
    for index in start..<items.count { forgetID(at: index) }
    items.removeLast(count)
    lastDrop = start..<(start + count)
    next = heldPages[heldPages.count - 1].after
    return Self.reopen(&nextPageLoad)
  }

  /// `change` as it reaches observers after the last drop: unchanged when nothing was dropped,
  /// else ``ItemsChange/dropped(removed:then:)`` with indexes of the items before and after.
  func droppedChange(_ change: ItemsChange) -> ItemsChange {
    guard !lastDrop.isEmpty else { return change }
    switch change {
    case .appended(let inserted, let updated):
      // Top pages went: the load's indexes move up by the number dropped.
      let shift = lastDrop.count
      return .dropped(
        removed: lastDrop,
        then: .appended(
          inserted: (inserted.lowerBound - shift)..<(inserted.upperBound - shift),
          updated: updated.filter { $0 >= shift }.map { $0 - shift }))
    case .prepended(let inserted, let updated):
      // Bottom pages went: in the items before the load they sat `inserted.count` higher.
      let removed = (lastDrop.lowerBound - inserted.count)..<(lastDrop.upperBound - inserted.count)
      return .dropped(
        removed: removed,
        then: .prepended(inserted: inserted, updated: updated.filter { $0 < lastDrop.lowerBound }))
    case .reloaded, .dropped:
      return change
    }
  }

  private mutating func forgetCursors(of page: HeldPage) {
    for cursor in [page.nextCursor, page.previousCursor].compactMap({ $0 }) {
      seenCursors.remove(cursor)
      seenPreviousCursors.remove(cursor)
    }
  }

  /// Stops a load in flight in a direction whose position moved, and clears its failure (the
  /// failed request asked for a position that is no longer next to the items).
  ///
  /// - Returns: The ticket of the load in flight, which the owner cancels, or `nil`.
  private static func reopen(_ load: inout State) -> Ticket? {
    defer { load = .idle }
    if case .loading(let ticket, _) = load { return ticket }
    return nil
  }
}
