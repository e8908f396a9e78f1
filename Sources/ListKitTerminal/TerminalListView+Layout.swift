import ListKit

extension TerminalListView {
  /// Runs the layout pass now if anything asked for one: asks the data source again after a
  /// reload, then brings the cells on screen and the prefetch window up to date.
  ///
  /// A callback that reloads or scrolls during the pass makes the pass run again (a few times
  /// at most, so a data source that reloads on every `willDisplay` cannot hang the view).
  public func layoutIfNeeded() {
    guard !isLayingOut else { return }
    isLayingOut = true
    defer { isLayingOut = false }
    for _ in 0..<4 where needsLayout || needsReload {
      needsLayout = false
      if needsReload {
        needsReload = false
        endDisplayingEverything()
        layout = makeLayout(itemCounts: nil)
        if let path = highlightedPath, !layout.contains(path) { highlightedPath = nil }
        if let path = selectedPath, !layout.contains(path) { selectedPath = nil }
        clampContentOffset()
      }
      updateVisibleCells()
    }
  }

  /// Asks the data source and delegate for counts and heights.
  /// - Parameter itemCounts: Counts already asked for (a batch update), or `nil` to ask.
  func makeLayout(itemCounts: [Int]?) -> ListLayout {
    guard let dataSource else { return ListLayout() }
    let counts = itemCounts ?? dataSource.itemCounts(in: self)
    let delegate = delegate
    let defaultHeight = max(0, rowHeight)
    return ListLayout(
      itemCounts: counts,
      headerHeight: { section in
        endHeight(
          delegate?.listView(self, heightForHeaderInSection: section),
          hasEnd: dataSource.listView(self, titleForHeaderInSection: section) != nil
            || delegate?.listView(self, viewForHeaderInSection: section) != nil)
      },
      itemHeight: { path in
        delegate?.listView(self, heightForItemAt: path).map(Self.lines) ?? defaultHeight
      },
      footerHeight: { section in
        endHeight(
          delegate?.listView(self, heightForFooterInSection: section),
          hasEnd: dataSource.listView(self, titleForFooterInSection: section) != nil
            || delegate?.listView(self, viewForFooterInSection: section) != nil)
      })
  }

  /// A header's or footer's lines: the delegate's height, or one line when it has a title or a view.
  private func endHeight(_ height: Double?, hasEnd: @autoclosure () -> Bool) -> Int {
    if let height { return Self.lines(height) }
    return hasEnd() ? 1 : 0
  }

  /// A delegate height in lines: rounded, never negative, and 0 for NaN or infinity.
  static func lines(_ height: Double) -> Int {
    guard height.isFinite, height > 0 else { return 0 }
    return Int(min(height.rounded(), Double(Int32.max)))
  }

  var maximumContentOffset: Int { max(0, layout.contentHeight - height) }

  func clampContentOffset() {
    contentOffset = min(max(0, contentOffset), maximumContentOffset)
  }

  private func endDisplayingEverything() {
    let cells = visibleCells.sorted { $0.key < $1.key }
    visibleCells = [:]
    for (path, cell) in cells {
      delegate?.listView(self, didEndDisplaying: cell, forItemAt: path)
      enqueue(cell)
    }
    if !prefetchedPaths.isEmpty {
      let paths = prefetchedPaths.sorted()
      prefetchedPaths = []
      dataSource?.listView(self, cancelPrefetchingForItemsAt: paths)
    }
  }

  private func updateVisibleCells() {
    let entryIndexes = layout.visibleEntryIndexes(top: contentOffset, height: height)
    let paths = entryIndexes.compactMap { index -> ItemPath? in
      if case .item(let path) = layout.entries[index].kind { return path }
      return nil
    }
    let onScreen = Set(paths)
    for (path, cell) in visibleCells.sorted(by: { $0.key < $1.key }) where !onScreen.contains(path) {
      visibleCells[path] = nil
      delegate?.listView(self, didEndDisplaying: cell, forItemAt: path)
      enqueue(cell)
    }
    for path in paths where visibleCells[path] == nil {
      guard let dataSource else { return }
      let cell = dataSource.listView(self, cellForItemAt: path)
      visibleCells[path] = cell
      delegate?.listView(self, willDisplay: cell, forItemAt: path)
      // A callback reloaded: these paths may be gone. The pass runs again.
      if needsReload { return }
    }
    updatePrefetching(visibleEntryIndexes: entryIndexes, onScreen: onScreen)
  }

  private func updatePrefetching(visibleEntryIndexes: [Int], onScreen: Set<ItemPath>) {
    var window: [ItemPath] = []
    if prefetchDistance > 0, let first = visibleEntryIndexes.first, let last = visibleEntryIndexes.last {
      window = layout.items(
        after: scrollsForward ? last : first, count: prefetchDistance, forward: scrollsForward)
    }
    let wanted = Set(window).subtracting(onScreen)
    let cancelled = prefetchedPaths.subtracting(wanted).subtracting(onScreen).sorted()
    let started = wanted.subtracting(prefetchedPaths).sorted()
    prefetchedPaths = wanted
    if !cancelled.isEmpty { dataSource?.listView(self, cancelPrefetchingForItemsAt: cancelled) }
    if !started.isEmpty { dataSource?.listView(self, prefetchItemsAt: started) }
  }
}
