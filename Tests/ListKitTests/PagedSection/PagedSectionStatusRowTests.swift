import ListKit
import ListKitTesting
import Testing

/// A status row per direction: the previous page's above the items, the next page's after them,
/// each hidden or re-worded through the section's properties.
@MainActor @Suite struct PagedSectionStatusRowTests {
  /// A chat of 100 messages opened at message 90, pages of 10.
  ///
  /// A load starts synchronously and its answer lands only when the test awaits it, so the test
  /// sees the loading state first.
  @MainActor final class Chat {
    let list: PagedList<TestItem>
    let section: PagedSection<TestItem>
    let table: TableManager
    let view = HeadlessTableView(viewportHeight: 440)

    init(configure: (PagedSection<TestItem>) -> Void = { _ in }) async {
      list = PagedList(
        listName: "chat", configuration: .test(.cursor, pageSize: 10, prefetchDistance: 0),
        loader: PagedSectionPrependTests.chatLoader(count: 100))
      section = PagedSection(list: list) { PagedSectionPrependTests.MessageRow($0) }
      configure(section)
      table = TableManager(sections: [section])
      table.attach(to: view)
      await list.start(at: .cursor("90"))?.value
      // Message 90 at the top asked for the older page, which lands above it.
      await list.idle()
      table.update()
    }

    /// Starts loading the previous page and shows the top of the section.
    func loadOlder() throws -> Task<Void, Never> {
      let task = try #require(list.loadPreviousPage())
      table.update()
      try view.scroll(toOffset: 0)
      return task
    }
  }

  @Test func theRowAboveTheItemsSaysOlderOnesLoadAndGivesWayToThemWhenTheyCome() async throws {
    let chat = await Chat()
    // Older messages remain: the row is there before the user reaches the top.
    #expect(chat.section.previousPageStatus == .loading)
    let older = try chat.loadOlder()
    #expect(chat.section.previousPageStatus == .loading)
    #expect(chat.view.render().first == "[Loading older…]")
    #expect(chat.view.render().last != "[Loading older…]")
    // The cell has the status as well as its words, for a view that shows a spinner.
    let cell = chat.view.cellForItem(at: ItemPath(item: 0, section: 0)) as? PagingStatusCell
    #expect(cell?.status == .loading)
    await older.value
    chat.table.update()
    // The row went with its page; a new one waits above the ten messages that came, off screen.
    #expect(chat.section.previousPageStatus == .loading)
    #expect(chat.view.render().prefix(2) == ["Message 79", "Message 80"])
    #expect(chat.view.violations.isEmpty)
  }

  @Test func theTopRowSaysNoOlderItemsOnlyInAListThatDidNotStartAtTheTop() async throws {
    let chat = await Chat()
    while chat.list.loadStates.previous != .reachedEnd {
      let older = try chat.loadOlder()
      await older.value
    }
    chat.table.update()
    try chat.view.scroll(toOffset: 0)
    #expect(chat.section.previousPageStatus == .reachedEnd(totalCount: nil))
    #expect(chat.view.render().first == "[No older items]")
    // A list started at the top has nothing before its first page: no row says so.
    let top = PagedList(
      listName: "top", configuration: .test(.cursor, pageSize: 10),
      loader: ClosurePageLoader { ItemSource(count: 100).page(for: $0) })
    let topSection = PagedSection(list: top) { PagedSectionPrependTests.MessageRow($0) }
    await top.start()?.value
    #expect(top.loadStates.previous == .reachedEnd)
    #expect(topSection.previousPageStatus == .hidden)
  }

  @Test func eitherRowCanBeRewordedOrHiddenWithoutASubclass() async throws {
    let chat = await Chat { section in
      section.previousPageStatusTexts = PagingStatusTexts(loading: "Fetching earlier messages")
    }
    let older = try chat.loadOlder()
    #expect(chat.view.render().first == "[Fetching earlier messages]")
    chat.section.showsPreviousPageStatusRow = false
    chat.table.update()
    #expect(chat.section.previousPageStatus == .hidden)
    #expect(chat.view.render().first == "Message 80")
    await older.value
    chat.table.update()
    #expect(chat.section.status == .reachedEnd(totalCount: nil))
    #expect(chat.view.numberOfItems(inSection: 0) == chat.list.items.count + 1)
    chat.section.showsStatusRow = false
    chat.table.update()
    #expect(chat.section.status == .hidden)
    #expect(chat.view.numberOfItems(inSection: 0) == chat.list.items.count)
  }
}
