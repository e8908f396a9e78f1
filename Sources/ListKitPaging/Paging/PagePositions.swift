/// Where a paged list's pages start: the first page (the top or an anchor), the page after the
/// items and the page before them, and the cursors seen, which end paging instead of looping.
///
/// Invariants (``checkInvariants()``):
/// - both directions are ``Edge/unknown`` until a first page of the generation is placed, and
///   neither is after;
/// - the next page starts at a page, an offset or a cursor, never before a cursor or at an item;
///   the previous page at a page, an offset or before a cursor.
package struct PagePositions {
  /// Where the next (or previous) page starts.
  package enum Edge: Equatable {
    /// No first page of this generation has loaded: there is no page to ask for.
    case unknown
    /// The page starts here.
    case at(PageRequest.Position)
    /// Paging ended.
    case end
  }

  /// Where the next page starts.
  package var next: Edge { nextPlaced.shifted(by: nextShift, style: style, pageSize: pageSize) }
  /// Where the next page started when placed, before ``shift(by:)`` moved it.
  private var nextPlaced = Edge.unknown {
    didSet { nextShift = 0 }
  }
  /// The items the server added (positive) or removed (negative) above the next page since it
  /// was placed.
  private var nextShift = 0
  /// Where the previous page starts.
  package private(set) var previous = Edge.unknown
  private let style: PagingStyle
  private let pageSize: Int
  private let firstPageSize: Int
  /// Cursors returned in this generation: one seen twice ends paging instead of looping.
  private var seenCursors: Set<String> = []
  /// Previous cursors returned in this generation, for the same reason.
  private var seenPreviousCursors: Set<String> = []

  /// Creates positions for the style and sizes of `configuration`, nothing placed.
  init(_ configuration: PagingConfiguration) {
    style = configuration.style
    pageSize = configuration.pageSize
    firstPageSize = configuration.firstPageSize
  }

  /// The first page of the list.
  var top: PageRequest.Position {
    switch style {
    case .pageIndex(let firstIndex): .page(index: firstIndex, size: firstPageSize)
    case .offset: .offset(0, limit: firstPageSize)
    case .cursor: .cursor(nil, limit: firstPageSize)
    }
  }

  /// What a refresh of a list started at `anchor` loads.
  ///
  /// A page-index anchor asks for one page of `pageSize` (a larger first page would not line up
  /// with the page numbers around it); an anchor of another style than the list's is read as the
  /// top, which ``PagingAnchor`` documents.
  func first<ID>(at anchor: PagingAnchor<ID>) -> PageRequest.Position {
    switch (style, anchor) {
    case (.pageIndex(let firstIndex), .pageIndex(let index)) where index > firstIndex:
      .page(index: index, size: pageSize)
    case (.offset, .offset(let offset)) where offset > 0:
      .offset(offset, limit: firstPageSize)
    case (.cursor, .cursor(let cursor)):
      .cursor(cursor, limit: firstPageSize)
    case (.pageIndex, .item(let id)):
      .item(String(describing: id), limit: pageSize)
    case (_, .item(let id)):
      .item(String(describing: id), limit: firstPageSize)
    default:
      top
    }
  }

  /// Moves the next page by `delta` items: the server added (positive) or removed (negative)
  /// that many of the items the list holds (the user's edits it has), so its items after them
  /// moved.
  ///
  /// An offset moves with them. A page number cannot: after removes it steps back as many pages
  /// as the removed items span, so that the items that moved onto the pages already loaded load
  /// too (the page's other items are held already, and are not added twice); after inserts it
  /// stays, and the item that moved onto it is held already. A cursor names an item, and stays.
  /// - Returns: Whether the next page moved.
  @discardableResult
  mutating func shift(by delta: Int) -> Bool {
    let before = next
    nextShift += delta
    return next != before
  }

  /// Forgets both directions and the cursors seen: a new generation starts.
  mutating func reset() {
    nextPlaced = .unknown
    previous = .unknown
    seenCursors.removeAll()
    seenPreviousCursors.removeAll()
  }

  /// Places `page`, which `request` loaded: a first page starts both directions next to it (or
  /// ends them when the answer to an item anchor does not say where it sits); a next page moves
  /// the next direction past it, a previous page the previous direction above it.
  /// - Returns: Where the pages just above and just below `page` load: what loads them again
  ///   once dropped.
  mutating func place<Item>(_ request: PageRequest, _ page: Page<Item>) -> (before: Edge, after: Edge) {
    if request.direction == .refresh {
      guard let located = located(request, by: page) else {
        nextPlaced = .end
        previous = .end
        return (.end, .end)
      }
      nextPlaced = position(after: located, page)
      previous = position(before: located, page)
      return (previous, next)
    }
    if request.direction == .previousPage {
      previous = position(before: request, page)
      return (previous, edge(below: request, page))
    }
    nextPlaced = position(after: request, page)
    return (edge(before: request, page), next)
  }

  /// Re-opens a direction after pages were dropped at its end, and forgets the cursors of the
  /// dropped pages as seen (loading them again is not a loop).
  mutating func reopen(_ direction: PagingDirection, at edge: Edge, forgetting cursors: [String]) {
    for cursor in cursors {
      seenCursors.remove(cursor)
      seenPreviousCursors.remove(cursor)
    }
    if direction == .previousPage { previous = edge } else { nextPlaced = edge }
  }

  /// Where the page before the one `request` loaded starts, or `.end` at the top.
  ///
  /// The page before it, the offset one page earlier, or the page's previous cursor; used for
  /// previous pages and to re-open the top after a drop.
  private func edge<Item>(before request: PageRequest, _ page: Page<Item>) -> Edge {
    switch request.position {
    case .page(let index, _):
      guard case .pageIndex(let firstIndex) = style, index > firstIndex else { return .end }
      return .at(.page(index: index - 1, size: pageSize))
    case .offset(let offset, _):
      guard offset > 0 else { return .end }
      return .at(.offset(max(0, offset - pageSize), limit: min(pageSize, offset)))
    case .cursor, .cursorBefore, .item:
      guard let cursor = page.previousCursor else { return .end }
      return .at(.cursorBefore(cursor, limit: pageSize))
    }
  }

  /// Where the page below a previous page loaded by `request` loads again, as a next page.
  private func edge<Item>(below request: PageRequest, _ page: Page<Item>) -> Edge {
    switch request.position {
    case .page(let index, _):
      .at(.page(index: index + 1, size: pageSize))
    case .offset(let offset, let limit):
      .at(.offset(offset + limit, limit: pageSize))
    case .cursor, .cursorBefore, .item:
      page.nextCursor.map { .at(.cursor($0, limit: pageSize)) } ?? .end
    }
  }

  /// Checks the invariants listed on the type.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants() throws(PagingInvariantViolation) {
    try PagingInvariantViolation.check(
      (next == .unknown) == (previous == .unknown), "positions: one direction is placed, the other not")
    if case .at(let position) = next {
      switch position {
      case .page, .offset, .cursor: break
      case .cursorBefore, .item:
        throw PagingInvariantViolation(description: "positions: next page at \(position)")
      }
    }
    if case .at(let position) = previous {
      switch position {
      case .page, .offset, .cursorBefore: break
      case .cursor, .item:
        throw PagingInvariantViolation(description: "positions: previous page at \(position)")
      }
    }
  }

  /// The request an answer to an item anchor amounts to in the list's style (where the page
  /// sits), or `nil` when the answer does not say; other requests as they are.
  ///
  /// In the cursor style an anchor's answer is placed by its cursors, as any page is.
  private func located<Item>(_ request: PageRequest, by page: Page<Item>) -> PageRequest? {
    guard case .item(_, let limit) = request.position else { return request }
    var located = request
    switch style {
    case .cursor:
      break
    case .offset:
      guard let offset = page.startOffset, offset >= 0 else { return nil }
      located.position = .offset(offset, limit: limit)
    case .pageIndex(let firstIndex):
      guard let offset = page.startOffset, offset >= 0, offset.isMultiple(of: pageSize) else { return nil }
      let (index, overflow) = firstIndex.addingReportingOverflow(offset / pageSize)
      guard !overflow else { return nil }
      located.position = .page(index: index, size: pageSize)
    }
    return located
  }

  /// Where the page before `page` (loaded by `request`) starts, or `.end`.
  ///
  /// A first page ends the previous direction only by its position (the top) or by being empty;
  /// a previous page also by `hasMore == false`, which for it means "nothing earlier".
  private mutating func position<Item>(before request: PageRequest, _ page: Page<Item>) -> Edge {
    guard !page.items.isEmpty, request.direction == .refresh || page.hasMore else { return .end }
    let edge = edge(before: request, page)
    // A previous cursor seen before would page in a loop.
    if case .at(.cursorBefore(let cursor, _)) = edge, !seenPreviousCursors.insert(cursor).inserted {
      return .end
    }
    return edge
  }

  /// Where the page after `page` (loaded by `request`) starts, or `.end`.
  private mutating func position<Item>(after request: PageRequest, _ page: Page<Item>) -> Edge {
    guard !page.items.isEmpty, page.hasMore else { return .end }
    switch request.position {
    case .page(let index, let size):
      return .at(.page(index: index + max(1, size / pageSize), size: pageSize))
    case .offset(let offset, _):
      return .at(.offset(offset + page.items.count, limit: pageSize))
    case .cursor, .cursorBefore, .item:
      guard let cursor = page.nextCursor, seenCursors.insert(cursor).inserted else { return .end }
      return .at(.cursor(cursor, limit: pageSize))
    }
  }
}

extension PagePositions.Edge {
  /// This edge, for a server that added (positive) or removed (negative) `delta` items before
  /// it since it was placed (see ``PagePositions/shift(by:)``).
  ///
  /// A page number cannot move by part of a page, so it errs towards items held twice (which
  /// the list drops), never towards items skipped. The page below the items (`above == false`)
  /// steps back to the page of the first item not loaded; the page above them (`above`) takes
  /// the page of the item just above them, wherever the items before moved it.
  func shifted(by delta: Int, style: PagingStyle, pageSize: Int, above: Bool = false) -> Self {
    guard case .at(let position) = self else { return self }
    switch (position, style) {
    case (.offset(let offset, let limit), _):
      return .at(.offset(max(0, offset + delta), limit: limit))
    case (.page(let index, let size), .pageIndex(let firstIndex)) where above:
      let itemAbove = (index + 1 - firstIndex) * size - 1 + delta
      return .at(.page(index: firstIndex + max(0, itemAbove) / max(1, size), size: size))
    case (.page(let index, let size), .pageIndex(let firstIndex)) where delta < 0:
      let back = (-delta + size - 1) / max(1, size)
      return .at(.page(index: max(firstIndex, index - back), size: size))
    default:
      return self
    }
  }
}
