import ListKit
import ListKitTesting
import Testing

// snippet: paging-open-at-item
struct ConversationMessage: Identifiable, Equatable, Sendable {
  let id: Int
}

final class ConversationMessageCell: ListCell {
  var text = ""
}

final class ConversationMessageRow: ModelCellManager<ConversationMessage, ConversationMessageCell> {
  override func configure(cell: ConversationMessageCell) { cell.text = "Message \(model.id)" }
}

/// A conversation under a pinned section, opened at its first unread message.
@MainActor final class ConversationScreen {
  let messages: PagedList<ConversationMessage>
  let table: TableManager

  init(listView: any ListView, pinned: SectionManager, loader: some PageLoader<ConversationMessage>) {
    messages = PagedList(listName: "conversation", loader: loader)
    let section = PagedSection(list: messages) { ConversationMessageRow($0) }
    // The row above the messages, while older ones load or when none remain.
    section.previousPageStatusTexts = PagingStatusTexts(
      loading: "Loading older messages…", reachedEnd: "Start of the conversation")
    // This screen shows its own footer: no status row after the messages.
    section.showsStatusRow = false
    table = TableManager(listView: listView, sections: [pinned, section])
  }

  /// Shows the message at the top of the view, whatever sits above; pages load both ways from
  /// there as the user scrolls, and the rows on screen stay put while older pages land above.
  func open(atUnread id: Int) {
    messages.start(at: .item(id: id))
  }
}
// snippet-end

// snippet: paging-reader-configuration
/// Pull-to-refresh deep in a feed reloads the page the reader looks at, not the first one; the
/// cap of 200 items drops pages far from the screen, never those within the prefetch distance.
func readerConfiguration() throws(PagingConfigurationError) -> PagingConfiguration {
  try PagingConfiguration(
    pageSize: 20, prefetchDistance: 10, maximumItemCount: 200, refreshMode: .aroundLastViewedItem)
}

/// A cap that cannot hold a page with the prefetch distance above and below it is refused.
func refusedCap() -> PagingConfigurationError? {
  do {
    _ = try PagingConfiguration(pageSize: 20, prefetchDistance: 30, maximumItemCount: 60)
    return nil
  } catch {
    // .maximumItemCountBelowPrefetchWindow(maximumItemCount: 60, prefetchDistance: 30, minimum: 80)
    return error
  }
}
// snippet-end

/// The "Keeping the user's place" examples of Guides/Paging.md.
@MainActor @Suite struct KeepingThePlaceGuideTests {
  /// 200 messages in pages of 20; an item anchor answers the page around it, with its offset.
  static let loader = ClosurePageLoader<ConversationMessage> { request in
    var range: Range<Int>
    switch request.position {
    case .page(let index, let size): range = index * size..<(index + 1) * size
    case .item(let id, let limit):
      let start = (Int(id) ?? 0) / limit * limit
      range = start..<start + limit
    default: range = 0..<0
    }
    range = max(0, range.lowerBound)..<min(200, range.upperBound)
    return Page(
      items: range.map { ConversationMessage(id: $0) },
      hasMore: (request.direction == .previousPage) ? range.lowerBound > 0 : range.upperBound < 200,
      startOffset: range.lowerBound)
  }

  @Test func aConversationOpensAtItsFirstUnreadMessageUnderThePinnedSection() async throws {
    let view = HeadlessTableView(viewportHeight: 440)
    let pinned = SectionManager(cells: (0..<4).map { _ in CellManager() }, headerTitle: "Pinned")
    let screen = ConversationScreen(listView: view, pinned: pinned, loader: Self.loader)
    screen.open(atUnread: 125)
    await screen.messages.idle()
    screen.table.update()
    let first = try #require(view.visibleItemPaths.first)
    #expect(first.section == 1)
    #expect((view.cellForItem(at: first) as? ConversationMessageCell)?.text == "Message 125")
    // Older messages remain: the row above the messages says they load, in the screen's words.
    let section = try #require(screen.table.sections.last as? PagedSection<ConversationMessage>)
    #expect(section.previousPageStatus == .loading)
    let statusCell = try #require(
      view.cellForItem(at: ItemPath(item: 0, section: 1))
        ?? {
          try? view.scrollToItem(at: ItemPath(item: 0, section: 1))
          return view.cellForItem(at: ItemPath(item: 0, section: 1))
        }())
    #expect((statusCell as? PagingStatusCell)?.text == "Loading older messages…")
    #expect(section.status == .hidden, "no status row after the messages")
    #expect(view.violations.isEmpty)
  }

  @Test func theReaderConfigurationRefreshesInPlaceAndATooSmallCapIsRefused() throws {
    #expect(try readerConfiguration().refreshMode == .aroundLastViewedItem)
    #expect(
      refusedCap()
        == .maximumItemCountBelowPrefetchWindow(maximumItemCount: 60, prefetchDistance: 30, minimum: 80))
  }
}
