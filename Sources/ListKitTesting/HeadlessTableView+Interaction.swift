import ListKit

extension HeadlessTableView {
  /// Taps a row: highlight, selection and unhighlight, in UIKit's order.
  ///
  /// Calls `shouldHighlightItemAt`, then (when it answers `true`) `didHighlightItemAt`, then
  /// `willSelectItemAt` (which may redirect or refuse), then — with single selection — deselects
  /// the other selected rows (`didDeselectItemAt`), then `didSelectItemAt`, then
  /// `didUnhighlightItemAt`. With ``allowsMultipleSelection`` on, tapping a selected row
  /// deselects it instead (`didDeselectItemAt` between highlight and unhighlight), as UIKit does.
  /// - Parameter path: The row tapped.
  /// - Returns: The row that got selected, or `nil` when the delegate refused or the tap
  ///   deselected.
  /// - Throws: ``HeadlessTableViewError/pathOutOfRange(_:sectionCount:itemCount:)`` for a missing
  ///   row, ``HeadlessTableViewError/selectionNotAllowed(_:)`` when ``allowsSelection`` is off.
  @discardableResult
  public func selectItem(at path: ItemPath) throws(HeadlessTableViewError) -> ItemPath? {
    try checkPath(path)
    guard allowsSelection else { throw record(HeadlessTableViewError.selectionNotAllowed(path)) }
    let didHighlight = highlight(path)
    if allowsMultipleSelection && selected.contains(path) {
      deselect(path)
      if didHighlight { unhighlight(path) }
      return nil
    }
    let target = delegate.map { $0.listView(self, willSelectItemAt: path) } ?? path
    log(.willSelect(path, target))
    var selectedPath: ItemPath?
    if let target {
      if layout.contains(target) {
        if !allowsMultipleSelection {
          for other in selected.sorted() where other != target { deselect(other) }
        }
        selected.insert(target)
        log(.didSelect(target))
        delegate?.listView(self, didSelectItemAt: target)
        selectedPath = target
      } else {
        // The delegate redirected the selection to a row that does not exist.
        record(
          HeadlessTableViewError.pathOutOfRange(
            target, sectionCount: layout.sectionCount,
            itemCount: target.section >= 0 && target.section < layout.sectionCount
              ? layout.itemCounts[target.section] : nil))
      }
    }
    if didHighlight { unhighlight(path) }
    return selectedPath
  }

  /// Deselects a selected row the way a user does, tapping it with multiple selection on.
  ///
  /// The delegate gets `didDeselectItemAt`. Does nothing for a row that is not selected.
  /// - Parameter path: The row.
  /// - Throws: ``HeadlessTableViewError/pathOutOfRange(_:sectionCount:itemCount:)`` for a missing row.
  public func deselectItem(at path: ItemPath) throws(HeadlessTableViewError) {
    try checkPath(path)
    if selected.contains(path) { deselect(path) }
  }

  /// Touches a row down: `shouldHighlightItemAt`, then `didHighlightItemAt` when allowed.
  /// - Parameter path: The row.
  /// - Returns: Whether the row is now highlighted.
  /// - Throws: ``HeadlessTableViewError/pathOutOfRange(_:sectionCount:itemCount:)`` for a missing row.
  @discardableResult
  public func highlightItem(at path: ItemPath) throws(HeadlessTableViewError) -> Bool {
    try checkPath(path)
    return highlight(path)
  }

  /// Lifts the touch from a highlighted row.
  ///
  /// The delegate gets `didUnhighlightItemAt`. Does nothing for a row that is not highlighted.
  /// - Parameter path: The row.
  /// - Throws: ``HeadlessTableViewError/pathOutOfRange(_:sectionCount:itemCount:)`` for a missing row.
  public func unhighlightItem(at path: ItemPath) throws(HeadlessTableViewError) {
    try checkPath(path)
    if highlighted == path { unhighlight(path) }
  }

  /// Commits an edit the way swipe-to-delete or the insert control does: checks
  /// `canEditItemAt` and `editingStyleForItemAt`, then calls the data source's
  /// `commit(_:forItemAt:)` (which usually deletes the row with a batch update).
  /// - Parameters:
  ///   - style: The edit: `EditingStyle/delete` or `EditingStyle/insert`.
  ///   - path: The row.
  /// - Throws: ``HeadlessTableViewError/notEditable(_:)`` when the data source refuses,
  ///   ``HeadlessTableViewError/editingStyleNotOffered(_:requested:offered:)`` when the row's
  ///   style is another one (or `.none`), or a path error for a missing row.
  public func commitEditing(_ style: EditingStyle, forItemAt path: ItemPath) throws(HeadlessTableViewError) {
    try checkPath(path)
    guard canEdit(path) else { throw record(HeadlessTableViewError.notEditable(path)) }
    let offered = editingStyle(path)
    guard offered == style, style != .none else {
      throw record(HeadlessTableViewError.editingStyleNotOffered(path, requested: style, offered: offered))
    }
    log(.commitEditing(style, path))
    dataSource?.listView(self, commit: style, forItemAt: path)
  }

  /// The swipe actions a row offers on one edge, as the delegate configures them.
  ///
  /// When the delegate gives no trailing configuration and the row is editable with the
  /// delete style, UIKit offers a Delete button; so does this table (a destructive "Delete"
  /// action that commits `EditingStyle/delete` through the data source).
  /// - Parameters:
  ///   - edge: The edge swiped.
  ///   - path: The row.
  /// - Returns: The configuration, or `nil` for none.
  /// - Throws: A path error for a missing row.
  public func swipeActions(_ edge: SwipeEdge, at path: ItemPath) throws(HeadlessTableViewError)
    -> SwipeActionsConfiguration?
  {
    try checkPath(path)
    var configuration: SwipeActionsConfiguration?
    switch edge {
    case .leading:
      configuration = delegate?.listView(self, leadingSwipeActionsForItemAt: path)
    case .trailing:
      configuration = delegate?.listView(self, trailingSwipeActionsForItemAt: path)
      if configuration == nil && canEdit(path) && editingStyle(path) == .delete {
        configuration = defaultDeleteConfiguration(for: path)
      }
    }
    log(.swipeActions(edge, path, titles: configuration?.actions.map(\.title)))
    return configuration
  }

  /// Swipes a row and taps one of its actions, calling the action's handler.
  /// - Parameters:
  ///   - edge: The edge swiped.
  ///   - index: The action's position in the configuration (0 is nearest the edge).
  ///   - path: The row.
  /// - Returns: What the handler reported through its completion, or `nil` when it has not
  ///   called it yet.
  /// - Throws: ``HeadlessTableViewError/noSwipeAction(_:edge:index:available:)`` when there is no
  ///   such action, or a path error for a missing row.
  @discardableResult
  public func performSwipeAction(_ edge: SwipeEdge, at index: Int = 0, forItemAt path: ItemPath)
    throws(HeadlessTableViewError) -> Bool?
  {
    let actions = try swipeActions(edge, at: path)?.actions ?? []
    guard index >= 0, index < actions.count else {
      throw record(
        HeadlessTableViewError.noSwipeAction(path, edge: edge, index: index, available: actions.count))
    }
    let action = actions[index]
    log(.performSwipeAction(title: action.title, path))
    let outcome = SwipeOutcome()
    action.handler { [weak self] performed in
      outcome.performed = performed
      self?.log(.swipeActionCompleted(title: action.title, path, performed: performed))
    }
    return outcome.performed
  }

  /// Drags a row to a new place, as the reorder control does: checks `canMoveItemAt`, tells
  /// the data source (`moveItemAt:to:`), then moves the row itself without asking for counts
  /// again, as UIKit does.
  /// - Parameters:
  ///   - source: The row dragged.
  ///   - destination: Where it is dropped, as a path after the move.
  /// - Throws: ``HeadlessTableViewError/notMovable(_:)`` when the data source refuses, or a path
  ///   error when either path does not exist.
  public func moveItem(at source: ItemPath, to destination: ItemPath) throws(HeadlessTableViewError) {
    try checkPath(source)
    var newCounts = layout.itemCounts
    guard destination.section >= 0, destination.section < newCounts.count else {
      throw record(
        HeadlessTableViewError.pathOutOfRange(destination, sectionCount: newCounts.count, itemCount: nil))
    }
    if destination.section != source.section {
      newCounts[source.section] -= 1
      newCounts[destination.section] += 1
    }
    guard destination.item >= 0, destination.item < newCounts[destination.section] else {
      throw record(
        HeadlessTableViewError.pathOutOfRange(
          destination, sectionCount: newCounts.count, itemCount: newCounts[destination.section]))
    }
    let canMove = dataSource?.listView(self, canMoveItemAt: source) ?? false
    log(.canMove(source, canMove))
    guard canMove else { throw record(HeadlessTableViewError.notMovable(source)) }
    log(.moveItem(from: source, to: destination))
    dataSource?.listView(self, moveItemAt: source, to: destination)
    let update = BatchUpdate(itemMoves: [Move(from: source, to: destination)])
    do {
      apply(try ValidatedBatchUpdate(update, oldItemCounts: layout.itemCounts, newItemCounts: newCounts))
    } catch {
      // Both paths were checked above, so a single move always passes; keep the table loaded
      // from the data source if it somehow does not.
      record(error)
      reloadData()
    }
  }

  // MARK: Helpers

  func highlight(_ path: ItemPath) -> Bool {
    let should = delegate?.listView(self, shouldHighlightItemAt: path) ?? true
    log(.shouldHighlight(path, should))
    guard should else { return false }
    highlighted = path
    log(.didHighlight(path))
    delegate?.listView(self, didHighlightItemAt: path)
    return true
  }

  func unhighlight(_ path: ItemPath) {
    if highlighted == path { highlighted = nil }
    log(.didUnhighlight(path))
    delegate?.listView(self, didUnhighlightItemAt: path)
  }

  func deselect(_ path: ItemPath) {
    selected.remove(path)
    log(.didDeselect(path))
    delegate?.listView(self, didDeselectItemAt: path)
  }

  func canEdit(_ path: ItemPath) -> Bool {
    let answer = dataSource?.listView(self, canEditItemAt: path) ?? false
    log(.canEdit(path, answer))
    return answer
  }

  func editingStyle(_ path: ItemPath) -> EditingStyle {
    let answer = delegate?.listView(self, editingStyleForItemAt: path) ?? .delete
    log(.editingStyle(path, answer))
    return answer
  }

  func defaultDeleteConfiguration(for path: ItemPath) -> SwipeActionsConfiguration {
    let delete = SwipeAction(style: .destructive, title: "Delete") { [weak self] completion in
      guard let self else {
        completion(false)
        return
      }
      self.log(.commitEditing(.delete, path))
      self.dataSource?.listView(self, commit: .delete, forItemAt: path)
      completion(true)
    }
    return SwipeActionsConfiguration(actions: [delete])
  }
}

/// What a swipe action's handler reported; a class so the handler's completion can set it.
@MainActor
final class SwipeOutcome {
  var performed: Bool?
}
