import ListKit

/// Which rows a headless table shows and prefetches, as pure value transitions.
///
/// The owner computes the rows in the viewport and in the prefetch window; ``layout(visible:window:)``
/// returns what to tell the data source and delegate, in UIKit's order: rows that left end
/// displaying (so their cells can be reused), rows that arrived are displayed, prefetches
/// that left the window unshown are cancelled, and rows new to the window are prefetched.
struct ViewportStateMachine {
  enum Action: Equatable {
    case endDisplaying(ItemPath)
    case display(ItemPath)
    case cancelPrefetching([ItemPath])
    case prefetch([ItemPath])
  }

  /// The rows on screen, in display order.
  private(set) var displayed: [ItemPath] = []
  /// The rows prefetched and not yet shown or cancelled.
  private(set) var prefetched: Set<ItemPath> = []

  mutating func layout(visible: [ItemPath], window: [ItemPath]) -> [Action] {
    var actions: [Action] = []
    let visibleSet = Set(visible)
    let displayedSet = Set(displayed)
    for path in displayed where !visibleSet.contains(path) { actions.append(.endDisplaying(path)) }
    for path in visible where !displayedSet.contains(path) { actions.append(.display(path)) }
    displayed = visible
    // A prefetched row that is shown is done: it is never cancelled.
    prefetched.subtract(visibleSet)
    let windowSet = Set(window)
    let cancelled = prefetched.filter { !windowSet.contains($0) }.sorted()
    if !cancelled.isEmpty {
      prefetched.subtract(cancelled)
      actions.append(.cancelPrefetching(cancelled))
    }
    let fresh = window.filter { !prefetched.contains($0) && !visibleSet.contains($0) }
    if !fresh.isEmpty {
      prefetched.formUnion(fresh)
      actions.append(.prefetch(fresh))
    }
    return actions
  }

  /// Forgets every displayed row (their cells were ended by the owner) and every prefetch.
  mutating func reset() {
    displayed = []
    prefetched = []
  }

  /// Renames rows after a batch update; rows mapped to `nil` are forgotten without a callback.
  mutating func remap(displayed newDisplayed: [ItemPath], prefetched transform: (ItemPath) -> ItemPath?) {
    displayed = newDisplayed.sorted()
    prefetched = Set(prefetched.compactMap(transform))
  }
}
