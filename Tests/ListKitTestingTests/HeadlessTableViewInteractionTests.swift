import ListKit
import ListKitTesting
import Testing

@MainActor
@Suite struct HeadlessTableViewInteractionTests {
  @Test func aTapHighlightsSelectsAndUnhighlightsInUIKitsOrder() throws {
    let table = makeTable(ModelSource(rows: 20))
    table.clearEvents()
    #expect(try table.selectItem(at: path(0, 1)) == path(0, 1))
    #expect(
      table.events == [
        .shouldHighlight(path(0, 1), true), .didHighlight(path(0, 1)), .willSelect(path(0, 1), path(0, 1)),
        .didSelect(path(0, 1)), .didUnhighlight(path(0, 1)),
      ])
    #expect(table.selectedItemPaths == [path(0, 1)])
    #expect(table.highlightedItemPath == nil)
  }

  @Test func singleSelectionDeselectsThePreviousRowFirst() throws {
    let table = makeTable(ModelSource(rows: 20))
    try table.selectItem(at: path(0, 1))
    table.clearEvents()
    try table.selectItem(at: path(0, 2))
    #expect(
      table.events == [
        .shouldHighlight(path(0, 2), true), .didHighlight(path(0, 2)), .willSelect(path(0, 2), path(0, 2)),
        .didDeselect(path(0, 1)), .didSelect(path(0, 2)), .didUnhighlight(path(0, 2)),
      ])
    #expect(table.selectedItemPaths == [path(0, 2)])
  }

  @Test func multipleSelectionKeepsEveryRowUntilItIsDeselected() throws {
    let table = makeTable(ModelSource(rows: 20))
    table.allowsMultipleSelection = true
    try table.selectItem(at: path(0, 4))
    try table.selectItem(at: path(0, 2))
    #expect(table.selectedItemPaths == [path(0, 2), path(0, 4)])
    table.clearEvents()
    try table.deselectItem(at: path(0, 4))
    try table.deselectItem(at: path(0, 7))  // not selected: nothing happens
    #expect(table.events == [.didDeselect(path(0, 4))])
    #expect(table.selectedItemPaths == [path(0, 2)])
  }

  @Test func withMultipleSelectionATapOnASelectedRowDeselectsIt() throws {
    let table = makeTable(ModelSource(rows: 20))
    table.allowsMultipleSelection = true
    try table.selectItem(at: path(0, 4))
    table.clearEvents()
    #expect(try table.selectItem(at: path(0, 4)) == nil)
    #expect(
      table.events == [
        .shouldHighlight(path(0, 4), true), .didHighlight(path(0, 4)), .didDeselect(path(0, 4)),
        .didUnhighlight(path(0, 4)),
      ])
    #expect(table.selectedItemPaths.isEmpty)
  }

  @Test func aRowThatRefusesHighlightIsStillSelected() throws {
    let source = ModelSource(rows: 20)
    source.highlights = false
    let table = makeTable(source)
    table.clearEvents()
    try table.selectItem(at: path(0, 3))
    #expect(
      table.events == [
        .shouldHighlight(path(0, 3), false), .willSelect(path(0, 3), path(0, 3)), .didSelect(path(0, 3)),
      ])
  }

  @Test func willSelectCanRedirectOrRefuseTheSelection() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    source.redirectSelection = { _ in path(0, 5) }
    #expect(try table.selectItem(at: path(0, 1)) == path(0, 5))
    #expect(table.selectedItemPaths == [path(0, 5)])
    source.redirectSelection = { _ in nil }
    table.clearEvents()
    #expect(try table.selectItem(at: path(0, 2)) == nil)
    #expect(
      table.events == [
        .shouldHighlight(path(0, 2), true), .didHighlight(path(0, 2)), .willSelect(path(0, 2), nil),
        .didUnhighlight(path(0, 2)),
      ])
    #expect(table.selectedItemPaths == [path(0, 5)])
    source.redirectSelection = { _ in path(0, 99) }
    #expect(try table.selectItem(at: path(0, 2)) == nil)
    #expect(
      table.lastError as? HeadlessTableViewError
        == .pathOutOfRange(path(0, 99), sectionCount: 1, itemCount: 20))
  }

  @Test func highlightAndUnhighlightCanBeDrivenSeparately() throws {
    let table = makeTable(ModelSource(rows: 20))
    table.clearEvents()
    #expect(try table.highlightItem(at: path(0, 0)))
    #expect(table.highlightedItemPath == path(0, 0))
    try table.unhighlightItem(at: path(0, 0))
    #expect(
      table.events == [
        .shouldHighlight(path(0, 0), true), .didHighlight(path(0, 0)), .didUnhighlight(path(0, 0)),
      ])
  }

  @Test func selectingAMissingRowOrWithSelectionOffIsAnError() {
    let table = makeTable(ModelSource(rows: 20))
    table.clearEvents()
    let missing = HeadlessTableViewError.pathOutOfRange(path(0, 99), sectionCount: 1, itemCount: 20)
    #expect(throws: missing) { try table.selectItem(at: path(0, 99)) }
    #expect(table.events == [.violation("index path [0, 99] is out of range: section 0 has 20 rows")])
    table.allowsSelection = false
    #expect(throws: HeadlessTableViewError.selectionNotAllowed(path(0, 1))) {
      try table.selectItem(at: path(0, 1))
    }
  }

  @Test func committingADeleteGoesThroughCanEditAndEditingStyle() throws {
    let source = ModelSource(rows: 20)
    source.editable = true
    let table = makeTable(source)
    table.clearEvents()
    try table.commitEditing(.delete, forItemAt: path(0, 0))
    #expect(
      Array(table.events.prefix(4)) == [
        .canEdit(path(0, 0), true), .editingStyle(path(0, 0), .delete), .commitEditing(.delete, path(0, 0)),
        .batchUpdate(BatchUpdate(itemDeletes: [path(0, 0)])),
      ])
    #expect(table.render().first == "Row 1")
  }

  @Test func anEditTheRowDoesNotOfferIsAnError() {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    #expect(throws: HeadlessTableViewError.notEditable(path(0, 0))) {
      try table.commitEditing(.delete, forItemAt: path(0, 0))
    }
    source.editable = true
    let error = HeadlessTableViewError.editingStyleNotOffered(
      path(0, 0), requested: .insert, offered: .delete)
    #expect(throws: error) { try table.commitEditing(.insert, forItemAt: path(0, 0)) }
    #expect(
      error.description == "cannot commit insert at [0, 0]: the delegate's editing style for it is delete")
    #expect(source.sections[0].count == 20)
  }

  @Test func swipeActionsComeFromTheDelegateAndRunTheirHandler() throws {
    let source = ModelSource(rows: 20)
    let archived = Flag()
    source.leadingActions = SwipeActionsConfiguration(actions: [
      SwipeAction(style: .normal, title: "Archive") { completion in
        archived.isSet = true
        completion(true)
      }
    ])
    let table = makeTable(source)
    table.clearEvents()
    #expect(try table.swipeActions(.leading, at: path(0, 2))?.actions.map(\.title) == ["Archive"])
    #expect(try table.performSwipeAction(.leading, forItemAt: path(0, 2)) == true)
    #expect(archived.isSet)
    #expect(
      table.events.suffix(3) == [
        .swipeActions(.leading, path(0, 2), titles: ["Archive"]),
        .performSwipeAction(title: "Archive", path(0, 2)),
        .swipeActionCompleted(title: "Archive", path(0, 2), performed: true),
      ])
  }

  @Test func anEditableRowWithoutTrailingActionsOffersUIKitsDelete() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    #expect(try table.swipeActions(.trailing, at: path(0, 0)) == nil)
    #expect(throws: HeadlessTableViewError.noSwipeAction(path(0, 0), edge: .trailing, index: 0, available: 0))
    {
      try table.performSwipeAction(.trailing, forItemAt: path(0, 0))
    }
    source.editable = true
    #expect(try table.swipeActions(.trailing, at: path(0, 0))?.actions.map(\.title) == ["Delete"])
    #expect(try table.performSwipeAction(.trailing, forItemAt: path(0, 0)) == true)
    #expect(source.sections[0].first == "Row 1")
    #expect(table.render().first == "Row 1")
  }

  @Test func movingARowGoesThroughCanMoveAndMovesItsCell() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    #expect(throws: HeadlessTableViewError.notMovable(path(0, 0))) {
      try table.moveItem(at: path(0, 0), to: path(0, 3))
    }
    source.movable = true
    let cell = table.cellForItem(at: path(0, 0))
    table.clearEvents()
    try table.moveItem(at: path(0, 0), to: path(0, 3))
    #expect(table.events == [.canMove(path(0, 0), true), .moveItem(from: path(0, 0), to: path(0, 3))])
    #expect(table.cellForItem(at: path(0, 3)) === cell)
    #expect(table.render().prefix(4) == ["Row 1", "Row 2", "Row 3", "Row 0"])
    #expect(throws: HeadlessTableViewError.pathOutOfRange(path(0, 20), sectionCount: 1, itemCount: 20)) {
      try table.moveItem(at: path(0, 0), to: path(0, 20))
    }
  }

  @Test func movingARowToAnotherSectionUpdatesBothCounts() throws {
    let source = ModelSource([["a", "b"], ["c"]])
    source.movable = true
    let table = makeTable(source)
    try table.moveItem(at: path(0, 0), to: path(1, 1))
    #expect(table.numberOfItems(inSection: 0) == 1)
    #expect(table.numberOfItems(inSection: 1) == 2)
    #expect(table.render() == ["b", "c", "a"])
    #expect(table.violations.isEmpty)
  }
}

/// A flag a `@Sendable` handler can set.
@MainActor
final class Flag {
  var isSet = false
}
