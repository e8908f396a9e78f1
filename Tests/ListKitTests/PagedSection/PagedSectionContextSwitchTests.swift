import ListKit
import ListKitTesting
import Testing

/// A context switch on a list shown by a ``PagedSection``: the rows of the previous user leave
/// the view in the same step, and nothing that user's loads or cache still answer comes back.
@MainActor @Suite struct PagedSectionContextSwitchTests {
  final class ItemRow: ModelCellManager<TestItem, TextCell> {
    override func configure(cell: TextCell) { cell.text = "Item \(model.id)" }
  }

  @Test func signingInAsAnotherUser_showsOnlyThatUsersRows() async throws {
    let (loader, stream) = ScriptedLoader.make()
    var requests = stream.makeAsyncIterator()
    let cache = GatedPageCache()
    defer { cache.answerAll() }
    var reads = cache.reads.makeAsyncIterator()
    let list = PagedList(
      listName: "photos", context: RequestContext(userToken: "alice"), configuration: .test(),
      loader: loader, cache: cache)
    let screen = PagedScreen(list: list) { ItemRow($0) }

    // Alice: her first page, a refresh in flight, her cache read still on the disk. (Every page
    // ends the list, so that no row the view displays asks for a next page.)
    let start = list.start()
    let aliceFirst = try #require(await requests.next(isolation: #isolation))
    let aliceRead = try #require(await reads.next(isolation: #isolation))
    aliceFirst.succeed(page(101...103, hasMore: false))
    await start?.value
    let aliceRefresh = list.refresh()
    let aliceRefreshRequest = try #require(await requests.next(isolation: #isolation))
    screen.table.update()
    #expect(screen.view.render() == ["Item 101", "Item 102", "Item 103"])

    // Bob signs in: Alice's rows leave at once.
    let bobStart = list.switchContext(to: RequestContext(userToken: "bob"))
    #expect(screen.view.render() == ["[Loading…]"])
    #expect(list.cacheKey == PageCacheKey(listName: "photos", context: RequestContext(userToken: "bob")))
    let bobFirst = try #require(await requests.next(isolation: #isolation))
    try #require(bobFirst.request.context.userToken == "bob")
    let bobRead = try #require(await reads.next(isolation: #isolation))
    #expect(bobRead.key == list.cacheKey)

    // Alice's refresh and her cache read answer late: dropped.
    aliceRefreshRequest.succeed(page(104...106, hasMore: false))
    await aliceRefresh?.value
    aliceRead.answer(.hit(CachedPage(page: page(150...151), savedAt: testNow)))
    screen.table.update()
    #expect(screen.view.render() == ["[Loading…]"])

    // Bob's own cached page, then his fresh one.
    bobRead.answer(.hit(CachedPage(page: page(201...202), savedAt: testNow)))
    await list.cacheReadTask?.value
    screen.table.update()
    #expect(screen.view.render() == ["Item 201", "Item 202"])
    #expect(list.cachedPageAge != nil)
    bobFirst.succeed(page(203...205, hasMore: false))
    await bobStart?.value
    screen.table.update()
    #expect(screen.view.render() == ["Item 203", "Item 204", "Item 205", "[No more data]"])
    await list.waitForCacheWrites()
    #expect(cache.saves.map(\.key.user) == [.token("alice"), .token("bob")])
    #expect(cache.saves.last?.page == page(203...205, hasMore: false))
    #expect(screen.view.violations.isEmpty)
  }

  @Test func signingOut_emptiesTheViewAndLoadsTheSignedOutList() async throws {
    let (loader, stream) = ScriptedLoader.make()
    var requests = stream.makeAsyncIterator()
    let list = PagedList(
      listName: "photos", context: RequestContext(userToken: "alice"), configuration: .test(), loader: loader)
    let screen = PagedScreen(list: list) { ItemRow($0) }
    let refresh = list.refresh()
    try #require(await requests.next(isolation: #isolation)).succeed(page(101...102, hasMore: false))
    await refresh?.value
    let signOut = list.switchContext(to: RequestContext())
    #expect(screen.view.render() == ["[Loading…]"])
    let request = try #require(await requests.next(isolation: #isolation))
    try #require(request.request.context.userToken == nil)
    request.succeed(page([], hasMore: false))
    await signOut?.value
    screen.table.update()
    #expect(screen.view.render() == ["[Nothing here yet]"])
    #expect(screen.view.violations.isEmpty)
  }
}
