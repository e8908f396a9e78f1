import ListKit
import ListKitTesting
import Testing

/// The README's screen with overlapping models: a pinned section and the paged section use the
/// same row class, and some pinned photos are also on the server's pages.
@MainActor @Suite struct SharedModelPagingTests {
  /// A server of `count` photos in pages, answering at once.
  static func loader(count: Int) -> ClosurePageLoader<Photo> {
    ClosurePageLoader { request in
      guard case .page(let index, let size) = request.position else { return Page(items: [], hasMore: false) }
      let start = index * size
      let items = (start..<min(start + size, count)).map { Photo(id: $0, title: "Photo \($0)") }
      return Page(items: items, hasMore: start + size < count)
    }
  }

  /// Scrolls to the bottom, waiting for the list each time, until the status row says the end.
  func scrollToTheEnd(_ view: HeadlessTableView, _ list: PagedList<Photo>, _ table: TableManager) async throws
  {
    for _ in 0..<20 {
      try view.scroll(toOffset: view.maximumContentOffset)
      await list.idle()
      table.update()
      if list.loadStates.next == .reachedEnd { break }
    }
    try view.scroll(toOffset: view.maximumContentOffset)
    table.update()
  }

  @Test func theReadmeScreenWithPinnedPhotosAlsoOnThePages_pagesToNoMoreDataShowingEveryPhotoOnce()
    async throws
  {
    let view = HeadlessTableView(viewportHeight: 440)
    var diagnostics: [ListDiagnostic] = []
    let pinned = [Photo(id: 7, title: "Photo 7"), Photo(id: 31, title: "Photo 31")]
    let photos = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 15), loader: Self.loader(count: 45)
    )
    let table = TableManager(listView: view)
    table.diagnosticHandler = { diagnostics.append($0) }
    let paged = PagedSection(list: photos) { PhotoRow($0) }
    table.sections = [
      SectionManager(cells: pinned.map(PhotoRow.init), headerTitle: "Pinned", condition: { !pinned.isEmpty }),
      paged,
    ]
    photos.start()
    await photos.idle()
    table.update()

    try await scrollToTheEnd(view, photos, table)

    #expect(photos.items.count == 45)
    #expect(view.render().last == "[No more data]")
    #expect(view.numberOfItems(inSection: 0) == 2)
    #expect(view.numberOfItems(inSection: 1) == 46)
    let shown = paged.displayedCells.compactMap { ($0 as? PhotoRow)?.model.id }
    #expect(shown == Array(0..<45))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(view.violations.isEmpty)
  }

  @Test func aPinnedPhotoChangingInTheList_reloadsOnlyItsPagedRow() async throws {
    let view = HeadlessTableView(viewportHeight: 2000)
    let photos = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 15), loader: Self.loader(count: 10)
    )
    let pinned = SectionManager(cells: [PhotoRow(Photo(id: 3, title: "Photo 3"))], headerTitle: "Pinned")
    let table = TableManager(listView: view, sections: [pinned, PagedSection(list: photos) { PhotoRow($0) }])
    await photos.refresh()?.value
    table.update()
    view.clearEvents()

    (pinned.cells[0] as? PhotoRow)?.model.title = "Pinned 3"
    table.update()

    let reloads = view.events.flatMap { event -> [ItemPath] in
      if case .batchUpdate(let update) = event { update.itemReloads } else { [] }
    }
    #expect(reloads == [ItemPath(item: 0, section: 0)])
    #expect(view.render().contains("Pinned 3") && view.render().contains("Photo 3"))
    #expect(view.violations.isEmpty)
  }

  @Test func rowsLeftOutAsDuplicatesInThePagedSection_stillPageToTheEnd() async throws {
    let view = HeadlessTableView(viewportHeight: 440)
    var diagnostics: [ListDiagnostic] = []
    let photos = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 15, prefetchDistance: 2),
      loader: Self.loader(count: 45))
    // Every photo past 20 gets the row identity of photo 20: the table shows 21 rows of 45 items.
    let paged = PagedSection(list: photos) { PhotoRow(Photo(id: min($0.id, 20), title: $0.title)) }
    let table = TableManager(listView: view, sections: [paged])
    table.diagnosticHandler = { diagnostics.append($0) }
    await photos.refresh()?.value
    table.update()

    try await scrollToTheEnd(view, photos, table)

    #expect(photos.items.count == 45)
    #expect(photos.loadStates.next == .reachedEnd)
    #expect(view.render().last == "[No more data]")
    #expect(
      diagnostics.contains(
        ListDiagnostic(.duplicateIdentifier("row id 20 in section 0"), in: "update(animated:)")))
    #expect(view.violations.isEmpty)
  }

  @Test func aRowMovedToAnotherSection_isDeletedThereAndInsertedHere() throws {
    let view = HeadlessTableView(viewportHeight: 2000)
    let first = SectionManager(cells: [
      PhotoRow(Photo(id: 1, title: "A")), PhotoRow(Photo(id: 2, title: "B")),
    ])
    let second = SectionManager(cells: [PhotoRow(Photo(id: 3, title: "C"))])
    let table = TableManager(listView: view, sections: [first, second])
    view.clearEvents()

    second.cells.append(first.cells.removeLast())
    table.update()

    guard
      case .batchUpdate(let update)? = view.events.first(where: {
        if case .batchUpdate = $0 { true } else { false }
      })
    else {
      Issue.record("expected a batch update, got \(view.events)")
      return
    }
    #expect(update.itemDeletes == [ItemPath(item: 1, section: 0)])
    #expect(update.itemInserts == [ItemPath(item: 1, section: 1)])
    #expect(update.itemMoves.isEmpty)
    #expect(view.render() == ["A", "C", "B"])
    #expect(view.violations.isEmpty)
  }
}
