import ListKit
import ListKitTesting
import Testing

/// The "Both directions" examples of Guides/Paging.md: a chat that loads older messages above,
/// and a list opened at a notification's target.
@MainActor @Suite struct PagingBothDirectionsGuideTests {
  final class MessageRow: ModelCellManager<Message, PhotoCell> {
    override func configure(cell: PhotoCell) { cell.configure(for: Photo(id: model.id, name: model.text)) }
  }

  // snippet: paging-chat-api
  struct Message: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
  }

  /// `limit` messages before a cursor (the newest without one), and the cursor of the older ones.
  struct MessageAPI: Sendable {
    var count: Int

    func messages(before: String?, limit: Int) async throws -> (messages: [Message], older: String?) {
      let end = before.flatMap(Int.init) ?? count
      let start = max(0, end - limit)
      return ((start..<end).map { Message(id: $0, text: "Message \($0)") }, start > 0 ? String(start) : nil)
    }
  }
  // snippet-end

  // snippet: paging-chat
  /// Every `ListView` keeps the row the user reads in place while older pages land above it.
  @MainActor func openChat(api: MessageAPI) throws -> PagedList<Message> {
    let messages = PagedList(
      listName: "chat", configuration: try PagingConfiguration(style: .cursor, pageSize: 30),
      loader: ClosurePageLoader { request in
        var before: String?  // nil: the newest page
        if case .cursorBefore(let cursor, _) = request.position { before = cursor }
        let page = try await api.messages(before: before, limit: request.limit)
        return Page(items: page.messages, hasMore: page.older != nil, previousCursor: page.older)
      })
    messages.start()
    return messages
  }
  // snippet-end

  @Test func theChatLoadsOlderMessagesAboveWithoutMovingTheRowOnScreen() async throws {
    let api = MessageAPI(count: 100)
    let tableView = HeadlessTableView(viewportHeight: 440, rowHeight: 44)

    let messages = try openChat(api: api)

    let table = TableManager(listView: tableView, sections: [PagedSection(list: messages) { MessageRow($0) }])
    await messages.idle()
    table.update()
    // The newest page came first; showing its top rows asked for older pages, which arrived above.
    #expect(messages.items.last?.id == 99)
    let oldest = try #require(messages.items.first?.id)
    #expect(oldest < 70)
    // The user reads some row at the top of the screen while more older messages arrive above.
    try tableView.scroll(toOffset: 5 * 44)
    let before = tableView.render().first
    messages.loadPreviousPage()
    await messages.idle()
    table.update()
    #expect(try #require(messages.items.first?.id) < oldest)
    #expect(tableView.render().first == before, "the row on screen moved")
    #expect(tableView.violations.isEmpty)
  }

  // snippet: paging-jump-to-item
  struct Notification {
    var targetID: Message.ID
  }

  @MainActor func open(_ notification: Notification, in notifications: PagedList<Message>) {
    notifications.start(at: .item(id: notification.targetID))
  }
  // snippet-end

  @Test func aListOpenedAtANotificationsTargetLoadsItsPage() async throws {
    let notification = Notification(targetID: 42)
    let notifications = PagedList(
      listName: "notifications", configuration: try PagingConfiguration(style: .offset, pageSize: 10),
      loader: ClosurePageLoader { request in
        let start =
          switch request.position {
          case .item(let id, let limit): (Int(id) ?? 0) / limit * limit
          case .offset(let offset, _): offset
          default: 0
          }
        let end = min(start + request.limit, 100)
        return Page(
          items: (start..<end).map { Message(id: $0, text: "Notification \($0)") }, hasMore: end < 100,
          startOffset: start)
      })

    open(notification, in: notifications)

    await notifications.idle()
    #expect(notifications.items.map(\.id) == Array(40..<50))
    await notifications.loadPreviousPage()?.value
    #expect(notifications.items.map(\.id) == Array(30..<50))
  }
}
