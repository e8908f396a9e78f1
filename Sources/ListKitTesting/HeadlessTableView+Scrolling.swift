import ListKit

extension HeadlessTableView {
  /// Scrolls so that the viewport's top is at `offset`, clamped to the content, and updates the
  /// displayed cells and prefetches.
  ///
  /// Scrolling down prefetches below the viewport, scrolling up above it.
  /// - Parameter offset: The new offset of the viewport's top.
  /// - Throws: ``HeadlessTableViewError/invalidOffset(_:)`` when `offset` is not finite.
  public func scroll(toOffset offset: Double) throws(HeadlessTableViewError) {
    guard offset.isFinite else { throw record(HeadlessTableViewError.invalidOffset(offset)) }
    layoutIfNeeded()
    let target = min(max(0, offset), maximumContentOffset)
    if target > contentOffset {
      isScrollingDown = true
    } else if target < contentOffset {
      isScrollingDown = false
    }
    contentOffset = target
    updateVisibleRows()
  }

  /// Scrolls by `distance` points (negative scrolls up), clamped to the content.
  /// - Parameter distance: How far to scroll.
  /// - Throws: ``HeadlessTableViewError/invalidOffset(_:)`` when the result is not finite.
  public func scroll(by distance: Double) throws(HeadlessTableViewError) {
    try scroll(toOffset: contentOffset + distance)
  }

  /// Scrolls so that a row is at the given position in the viewport, as
  /// `UITableView.scrollToRow(at:at:animated:)`.
  /// - Parameters:
  ///   - path: The row to show.
  ///   - position: Where the row should end up.
  /// - Throws: ``HeadlessTableViewError/pathOutOfRange(_:sectionCount:itemCount:)`` when the row
  ///   does not exist.
  public func scrollToItem(at path: ItemPath, at position: ScrollPosition = .top)
    throws(HeadlessTableViewError)
  {
    try checkPath(path)
    let frame = frameOfItemResolvingEstimate(at: path)
    let target: Double
    switch position {
    case .top:
      target = frame.lowerBound
    case .middle:
      target = (frame.lowerBound + frame.upperBound - viewportHeight) / 2
    case .bottom:
      target = frame.upperBound - viewportHeight
    case .none:
      if frame.lowerBound < contentOffset {
        target = frame.lowerBound
      } else if frame.upperBound > contentOffset + viewportHeight {
        target = frame.upperBound - viewportHeight
      } else {
        target = contentOffset
      }
    }
    try scroll(toOffset: target)
  }

  /// Scrolls so that a row is the first on screen, as far as the content allows: the `ListView`
  /// requirement, `scrollToItem(at: path, at: .top)` without the `throws`.
  ///
  /// A path out of range is recorded in ``violations`` and changes nothing.
  /// - Parameter path: The row.
  public func scroll(toItemAt path: ItemPath) {
    // Recorded in `violations` by `checkPath`.
    try? scrollToItem(at: path, at: .top)
  }

  /// The vertical extent of a row in the content (its estimate if it was never shown).
  /// - Parameter path: A row.
  /// - Returns: The row's top up to its bottom.
  /// - Throws: ``HeadlessTableViewError/pathOutOfRange(_:sectionCount:itemCount:)`` when the row
  ///   does not exist.
  /// - Complexity: O(log n).
  public func frameOfItem(at path: ItemPath) throws(HeadlessTableViewError) -> Range<Double> {
    try checkPath(path)
    let element = layout.elementIndex(ofRow: layout.globalRow(of: path), section: path.section)
    let top = layout.top(ofElement: element)
    return top..<(top + layout.height(ofElement: element))
  }

  func frameOfItemResolvingEstimate(at path: ItemPath) -> Range<Double> {
    let global = layout.globalRow(of: path)
    if layout.estimatedRows.contains(global) {
      let height = delegate?.listView(self, heightForItemAt: path)
      logQuery(.heightForItem(path, height))
      layout.resolveEstimate(ofGlobalRow: global, height: sanitized(height ?? rowHeight, for: "row \(path)"))
    }
    let element = layout.elementIndex(ofRow: global, section: path.section)
    let top = layout.top(ofElement: element)
    return top..<(top + layout.height(ofElement: element))
  }

  /// Loads if needed, then throws when `path` is not a row of the table.
  func checkPath(_ path: ItemPath) throws(HeadlessTableViewError) {
    layoutIfNeeded()
    guard path.section >= 0, path.section < layout.sectionCount else {
      throw record(
        HeadlessTableViewError.pathOutOfRange(path, sectionCount: layout.sectionCount, itemCount: nil))
    }
    let count = layout.itemCounts[path.section]
    guard path.item >= 0, path.item < count else {
      throw record(
        HeadlessTableViewError.pathOutOfRange(path, sectionCount: layout.sectionCount, itemCount: count))
    }
  }
}
