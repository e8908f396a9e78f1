extension PagedList {
  /// The index of the item a view brings into view when the items were replaced, or `nil` to
  /// leave the view where it is.
  ///
  /// After a refresh in place (``PagingRefreshMode/aroundLastViewedItem``), the item the user
  /// looked at last. In a list started at an anchor, the anchor's item (the item of
  /// ``PagingAnchor/item(id:)``, else the first item of the anchor's page). A list started at the top stays where the user is.
  /// - Complexity: O(n) for an item, O(1) otherwise.
  package var focusIndexAfterReload: Int? {
    let shown = machine.shownItems
    guard !shown.isEmpty else { return nil }
    if let id = machine.focusItemID { return shown.firstIndex { $0.id == id } }
    guard !machine.startsAtTop else { return nil }
    if case .item(let id) = machine.anchor {
      return shown.firstIndex { $0.id == id } ?? 0
    }
    return 0
  }

  /// The rows a view shows above the item of ``focusIndexAfterReload`` after a refresh in place:
  /// those it showed above it before (items only pending edits show), so that the item comes
  /// back on the screen row it was on.
  package var focusRowsAboveAfterReload: Int { machine.focusItemID == nil ? 0 : machine.focusRowsAbove }

  /// Whether the list starts at the top: a previous page's "no earlier items" is then a given,
  /// not news.
  package var startsAtTop: Bool { machine.startsAtTop }
}
