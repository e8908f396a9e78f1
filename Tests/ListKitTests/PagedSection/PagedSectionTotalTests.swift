import ListKit
import ListKitTesting
import Testing

/// A known total reaches the status row of a ``PagedSection`` (``PagingStatus``) and the
/// footer's part of the list's status; the words name it only when the app's texts ask for it.
@MainActor @Suite struct PagedSectionTotalTests {
  typealias ItemRow = PagedSectionContextSwitchTests.ItemRow

  static let totalTexts = PagingStatusTexts(reachedEndWithTotal: { "All \($0) photos" })

  /// The last page of a list: `ids`, with the server's total.
  func lastPage(_ ids: ClosedRange<Int>, total: Int?) -> Page<TestItem> {
    Page(items: testItems(ids), hasMore: false, totalCount: total)
  }

  func makeScreen(loader: ScriptedLoader, texts: PagingStatusTexts = totalTexts) -> PagedScreen<TestItem> {
    let list = PagedList(
      listName: "photos", context: RequestContext(userToken: "alice"), configuration: .test(), loader: loader)
    return PagedScreen(list: list, statusTexts: texts) { ItemRow($0) }
  }

  @Test func theEndNamesTheTotal_andFollowsItAcrossRefreshes() async throws {
    let (loader, stream) = ScriptedLoader.make()
    var requests = stream.makeAsyncIterator()
    let screen = makeScreen(loader: loader)

    for (ids, total) in [(1...3, 3), (1...4, 4), (1...2, 2)] {
      let refresh = screen.list.refresh()
      try #require(await requests.next(isolation: #isolation)).succeed(lastPage(ids, total: total))
      await refresh?.value
      screen.table.update()
      #expect(screen.section.status == .reachedEnd(totalCount: total))
      #expect(screen.view.render().last == "[All \(total) photos]")
      #expect(PagingPresentation(screen.list).footer == .reachedEnd(totalCount: total))
    }

    let refresh = screen.list.refresh()
    try #require(await requests.next(isolation: #isolation)).succeed(lastPage(1...2, total: nil))
    await refresh?.value
    screen.table.update()
    #expect(screen.section.status == .reachedEnd(totalCount: nil))
    #expect(screen.view.render() == ["Item 1", "Item 2", "[No more data]"], "no total, no total text")
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aContextSwitchForgetsTheTotal() async throws {
    let (loader, stream) = ScriptedLoader.make()
    var requests = stream.makeAsyncIterator()
    let screen = makeScreen(loader: loader)
    let refresh = screen.list.refresh()
    try #require(await requests.next(isolation: #isolation)).succeed(lastPage(101...103, total: 3))
    await refresh?.value
    screen.table.update()
    #expect(screen.view.render() == ["Item 101", "Item 102", "Item 103", "[All 3 photos]"])

    let switched = screen.list.switchContext(to: RequestContext(userToken: "bob"))
    #expect(screen.view.render() == ["[Loading…]"])
    #expect(PagingPresentation(screen.list).footer == .loading)
    try #require(await requests.next(isolation: #isolation)).succeed(lastPage(201...202, total: nil))
    await switched?.value
    screen.table.update()
    #expect(screen.section.status == .reachedEnd(totalCount: nil))
    #expect(screen.view.render() == ["Item 201", "Item 202", "[No more data]"])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func theDefaultTextsStayTheSameWhateverTheTotal() async throws {
    let (loader, stream) = ScriptedLoader.make()
    var requests = stream.makeAsyncIterator()
    let screen = makeScreen(loader: loader, texts: PagingStatusTexts())
    let refresh = screen.list.refresh()
    try #require(await requests.next(isolation: #isolation)).succeed(lastPage(1...3, total: 3))
    await refresh?.value
    screen.table.update()
    #expect(screen.section.status == .reachedEnd(totalCount: 3))
    #expect(screen.view.render().last == "[No more data]")
  }

  @Test func textsWithADifferentTotalTextDiffer_soTheRowShowsANewOne() {
    let texts = Self.totalTexts
    let copy = texts
    var other = texts
    other.reachedEndWithTotal = { "\($0) in all" }
    #expect(copy == texts)
    #expect(other != texts)
    #expect(other.text(for: .reachedEnd(totalCount: 9)) == "9 in all")
    #expect(texts.text(for: .reachedEnd(totalCount: nil)) == "No more data")
    other.reachedEndWithTotal = nil
    #expect(other.text(for: .reachedEnd(totalCount: 9)) == "No more data")
    #expect(other == PagingStatusTexts())
  }
}
