import ListKit
import ListKitTesting
import Testing

/// The app's own insert (``PagedList/apply(_:)`` or ``PagedList/applyPending(_:)`` of
/// ``ItemEdit/insert(_:at:)``: a post, a sent message) is brought into view; rows that came with
/// a page keep the user's place (``ScrollAnchorTests``).
@MainActor @Suite struct PagedSectionAppInsertTests {
  /// A feed of 40 items, the first page of 20 loaded, alone on a 440-point view.
  func makeScreen() async throws -> (list: PagedList<TestItem>, table: TableManager, view: HeadlessTableView)
  {
    let list = PagedList(
      listName: "feed", configuration: .test(.cursor, pageSize: 20, prefetchDistance: 0),
      loader: PagedSectionPrependTests.chatLoader(count: 40))
    let section = PagedSection(list: list) { PagedSectionPrependTests.MessageRow($0) }
    let table = TableManager(sections: [section])
    let view = HeadlessTableView(viewportHeight: 440)
    table.attach(to: view)
    await list.start(at: .cursor("0"))?.value
    table.update()
    await table.updatesApplied()
    #expect(view.render().first == "Message 0")
    return (list, table, view)
  }

  @Test(arguments: [false, true])
  func anInsertAtTheTopWhileAtTheTopShowsTheNewRow(pending: Bool) async throws {
    let (list, table, view) = try await makeScreen()
    let post = TestItem(id: 1000)
    if pending { list.applyPending(.insert(post, at: .top)) } else { list.apply(.insert(post, at: .top)) }
    await table.updatesApplied()
    #expect(view.render().prefix(2) == ["Message 1000", "Message 0"])
  }

  @Test func anInsertAtTheTopWhileDeepInTheListScrollsToTheNewRow() async throws {
    let (list, table, view) = try await makeScreen()
    try view.scroll(toOffset: 600)
    #expect(view.render().first?.hasPrefix("Message 1") == true, "\(view.render().prefix(1))")
    list.apply(.insert(TestItem(id: 1000), at: .top))
    await table.updatesApplied()
    #expect(view.render().first == "Message 1000")
  }

  @Test func aRolledBackDeleteAboveTheScreenKeepsThePlace() async throws {
    let (list, table, view) = try await makeScreen()
    let delete = list.applyPending(.remove(id: 0))
    await table.updatesApplied()
    try view.scroll(toOffset: 600)
    let before = view.render()
    #expect(!before.contains("Message 0"))
    list.rollBack(delete)
    await table.updatesApplied()
    // Message 0 comes back above the screen; the rows on screen stay where they are.
    #expect(view.render() == before)
  }
}
