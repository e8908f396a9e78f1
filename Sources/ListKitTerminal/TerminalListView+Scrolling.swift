import ListKit

extension TerminalListView {
  /// A movement of the cursor.
  public enum CursorMove: Hashable, Sendable {
    /// To the previous item that can be highlighted.
    case up
    /// To the next item that can be highlighted.
    case down
    /// A screen up.
    case pageUp
    /// A screen down.
    case pageDown
    /// To the first item; the view scrolls to the top.
    case first
    /// To the last item; the view scrolls to the bottom.
    case last
  }

  /// Scrolls so that a content line is the first on screen.
  ///
  /// Right after ``reloadData()``, the layout pass runs once, at the new offset.
  /// - Parameter offset: The line; clamped to the content.
  public func scroll(toOffset offset: Int) {
    // After a reload, scroll first and lay out once, at the new offset: a pass at the old
    // offset would display (and prefetch) rows the user never sees.
    if needsReload, !isLayingOut {
      scrollsForward = max(0, offset) > contentOffset
      contentOffset = max(0, offset)
      layoutIfNeeded()
      return
    }
    layoutIfNeeded()
    let clamped = min(max(0, offset), maximumContentOffset)
    guard clamped != contentOffset else { return }
    scrollsForward = clamped > contentOffset
    contentOffset = clamped
    setNeedsLayout()
    layoutIfNeeded()
  }

  /// Scrolls as little as needed to show all of an item (its top, if it is taller than the view).
  /// - Parameter path: The item; nothing happens when it is out of range.
  public func scrollToItem(at path: ItemPath) {
    layoutIfNeeded()
    guard let entry = layout.entry(for: path) else { return }
    if entry.top < contentOffset || entry.height > height {
      scroll(toOffset: entry.top)
    } else if entry.bottom > contentOffset + height {
      scroll(toOffset: entry.bottom - height)
    }
  }

  /// Scrolls so that an item is the first on screen, as far as the content allows.
  /// - Parameter path: The item; nothing happens when it is out of range.
  public func scroll(toItemAt path: ItemPath) {
    layoutIfNeeded()
    guard let entry = layout.entry(for: path) else { return }
    scroll(toOffset: entry.top)
  }

  /// Puts the cursor on an item (UIKit's highlight), telling the delegate.
  ///
  /// The delegate may refuse through `shouldHighlightItemAt`; the cursor then stays.
  /// - Parameter path: The item, or `nil` to remove the cursor.
  public func highlightItem(at path: ItemPath?) {
    layoutIfNeeded()
    guard path != highlightedPath else { return }
    if let path {
      guard layout.contains(path), delegate?.listView(self, shouldHighlightItemAt: path) ?? true else {
        return
      }
    }
    let previous = highlightedPath
    highlightedPath = path
    if let previous { delegate?.listView(self, didUnhighlightItemAt: previous) }
    if let path {
      delegate?.listView(self, didHighlightItemAt: path)
      scrollToItem(at: path)
    }
  }

  /// Selects the item under the cursor, as a tap would: `willSelect` (which may redirect or
  /// refuse), then `didDeselect` for the previous selection and `didSelect`.
  public func selectHighlightedItem() {
    layoutIfNeeded()
    guard let path = highlightedPath else { return }
    let target = delegate.map { $0.listView(self, willSelectItemAt: path) } ?? path
    guard let target, layout.contains(target) else { return }
    if let previous = selectedPath, previous != target {
      selectedPath = nil
      delegate?.listView(self, didDeselectItemAt: previous)
    }
    selectedPath = target
    delegate?.listView(self, didSelectItemAt: target)
  }

  /// Moves the cursor and scrolls to keep it on screen.
  ///
  /// Without a cursor, the first highlightable item on screen gets it (Home and End still jump). On the first item, moving
  /// up scrolls to the top (showing the headers above it); on the last, moving down scrolls to
  /// the bottom (showing the footer below it).
  /// - Parameter move: The movement.
  public func moveCursor(_ move: CursorMove) {
    layoutIfNeeded()
    let start = highlightedPath.flatMap { layout.entryIndex(for: $0) }
    switch move {
    case .first:
      scroll(toOffset: 0)
      if let path = highlightable(from: -1, forward: true) { highlightItem(at: path) }
      scroll(toOffset: 0)
    case .last:
      scroll(toOffset: maximumContentOffset)
      if let path = highlightable(from: layout.entries.count, forward: false) { highlightItem(at: path) }
      scroll(toOffset: maximumContentOffset)
    case .up, .down:
      let forward = move == .down
      guard let start else {
        highlightFirstOnScreen()
        return
      }
      if let path = highlightable(from: start, forward: forward) {
        highlightItem(at: path)
      }
      if highlightedPath.flatMap({ layout.entryIndex(for: $0) }).flatMap({
        highlightable(from: $0, forward: forward)
      })
        == nil
      {
        scroll(toOffset: forward ? maximumContentOffset : 0)
      }
    case .pageUp, .pageDown:
      guard let start else {
        highlightFirstOnScreen()
        return
      }
      let forward = move == .pageDown
      let page = max(1, height - 1)
      scroll(toOffset: contentOffset + (forward ? page : -page))
      let target = layout.entries[start].top + (forward ? page : -page)
      var candidate: ItemPath?
      var index = start
      while let next = nextItemIndex(from: index, forward: forward) {
        let entry = layout.entries[next]
        if forward ? entry.top > target : entry.top < target { break }
        if case .item(let path) = entry.kind, isHighlightable(path) { candidate = path }
        index = next
      }
      if candidate == nil { candidate = highlightable(from: start, forward: forward) }
      if let candidate { highlightItem(at: candidate) }
    }
  }

  /// Acts on a navigation key: arrows and Page Up/Down move the cursor, Home and End jump,
  /// Enter selects.
  /// - Parameter key: The key.
  /// - Returns: Whether the view used the key.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    switch key {
    case .up: moveCursor(.up)
    case .down: moveCursor(.down)
    case .pageUp: moveCursor(.pageUp)
    case .pageDown: moveCursor(.pageDown)
    case .home: moveCursor(.first)
    case .end: moveCursor(.last)
    case .enter: selectHighlightedItem()
    default: return false
    }
    return true
  }

  private func highlightFirstOnScreen() {
    for index in layout.visibleEntryIndexes(top: contentOffset, height: height) {
      if case .item(let path) = layout.entries[index].kind, isHighlightable(path) {
        highlightItem(at: path)
        return
      }
    }
  }

  private func isHighlightable(_ path: ItemPath) -> Bool {
    guard let entry = layout.entry(for: path), entry.height > 0 else { return false }
    return delegate?.listView(self, shouldHighlightItemAt: path) ?? true
  }

  private func nextItemIndex(from index: Int, forward: Bool) -> Int? {
    var next = index
    while true {
      next += forward ? 1 : -1
      guard layout.entries.indices.contains(next) else { return nil }
      if case .item = layout.entries[next].kind { return next }
    }
  }

  /// The first highlightable item after (or before) an entry index.
  /// - Complexity: O(n) in the worst case (every item refuses).
  private func highlightable(from index: Int, forward: Bool) -> ItemPath? {
    var current = index
    while let next = nextItemIndex(from: current, forward: forward) {
      if case .item(let path) = layout.entries[next].kind, isHighlightable(path) { return path }
      current = next
    }
    return nil
  }
}
