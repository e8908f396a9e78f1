import ListKit
import ListKitTesting
import Testing

// The examples of Guides/Editing.md, each defined here as the guide shows it and run below on a
// HeadlessTableView.

// snippet: editing-feed
struct Post: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
  var likes = 0
  var isLiked = false
}

protocol FeedAPI: Sendable {
  func like(_ id: Int) async throws
  func delete(_ id: Int) async throws
}

/// The like button: the count changes at once, and goes back if the server refuses.
@MainActor func like(_ post: Post, in feed: PagedList<Post>, api: some FeedAPI) async {
  let likes = post.likes + 1
  // The new state, not a step: a pending edit is applied again to every fresh copy a load brings.
  let edit = feed.applyPending(
    .update(id: post.id) {
      $0.likes = likes; $0.isLiked = true
    })
  do {
    try await api.like(post.id)
    feed.confirm(edit)
  } catch {
    feed.rollBack(edit)  // the row animates back
  }
}

/// Delete: the row goes at once, and comes back where it was if the server refuses.
@MainActor func delete(_ post: Post, from feed: PagedList<Post>, api: some FeedAPI) async {
  let removal = feed.applyPending(.remove(id: post.id))
  do {
    try await api.delete(post.id)
    feed.confirm(removal)
  } catch {
    feed.rollBack(removal)
  }
}
// snippet-end

// snippet: editing-chat
struct ChatMessage: Identifiable, Equatable, Sendable {
  var id: Int  // the server's id; negative while only this device has the message
  var text: String
}

protocol ChatAPI: Sendable {
  /// Stores a message and returns the server's copy, with the id the server gave it.
  func send(_ text: String) async throws -> ChatMessage
}

@MainActor final class ChatSender {
  private var lastTemporaryID = 0

  func send(_ text: String, in chat: PagedList<ChatMessage>, api: some ChatAPI) async {
    lastTemporaryID -= 1
    // At the bottom at once, under a temporary id.
    let sending = chat.applyPending(.insert(ChatMessage(id: lastTemporaryID, text: text), at: .bottom))
    do {
      let saved = try await api.send(text)
      // The server's copy takes its place; a page that brings it later does not add it twice.
      chat.confirm(sending, serverItem: saved)
    } catch {
      chat.rollBack(sending)
    }
  }
}
// snippet-end

/// The guide's examples, run.
@MainActor @Suite struct EditingGuideTests {
  final class PostCell: ListCell, HeadlessRenderable {
    var text = ""
    init() {}
    var renderedText: String { text }
  }

  final class PostRow: ModelCellManager<Post, PostCell> {
    override func configure(cell: PostCell) { cell.text = "\(model.text) ♥\(model.likes)" }
  }

  final class MessageRow: ModelCellManager<ChatMessage, PostCell> {
    override func configure(cell: PostCell) { cell.text = "\(model.id): \(model.text)" }
  }

  /// A feed server that refuses when told to, and counts what it stored.
  final class FakeFeed: FeedAPI, @unchecked Sendable {
    // NB: @unchecked: the tests touch it from the main actor only.
    var refuses = false
    var likes: [Int: Int] = [:]
    var deleted: Set<Int> = []

    func like(_ id: Int) async throws {
      if refuses { throw PhotoAPIError.unsupported }
      likes[id, default: 0] += 1
    }

    func delete(_ id: Int) async throws {
      if refuses { throw PhotoAPIError.unsupported }
      deleted.insert(id)
    }
  }

  /// A chat server: messages 0..<count, and sent ones after them.
  final class FakeChat: ChatAPI, @unchecked Sendable {
    // NB: @unchecked: the tests touch it from the main actor only.
    var messages: [ChatMessage]
    init(count: Int) { messages = (0..<count).map { ChatMessage(id: $0, text: "Message \($0)") } }

    func send(_ text: String) async throws -> ChatMessage {
      let message = ChatMessage(id: messages.count, text: text)
      messages.append(message)
      return message
    }
  }

  /// A feed of five posts, its page loaded and shown in a table.
  func loadedFeed() async -> (PagedList<Post>, TableManager, HeadlessTableView) {
    let list = PagedList(
      listName: "feed", configuration: .standard,
      loader: ClosurePageLoader { _ in
        Page(items: (0..<5).map { Post(id: $0, text: "Post \($0)") }, hasMore: false)
      })
    let view = HeadlessTableView(viewportHeight: 440, rowHeight: 44)
    let table = TableManager(listView: view, sections: [PagedSection(list: list) { PostRow($0) }])
    await list.start()?.value
    table.update()
    return (list, table, view)
  }

  @Test func aLikeShowsAtOnceAndARefusedOneAnimatesBack() async throws {
    let (feed, table, view) = await loadedFeed()
    let server = FakeFeed()
    await like(try #require(feed.item(at: 1)), in: feed, api: server)
    table.update()
    #expect(view.render()[1] == "Post 1 ♥1" && server.likes == [1: 1])
    server.refuses = true
    await like(try #require(feed.item(at: 2)), in: feed, api: server)
    table.update()
    #expect(view.render()[2] == "Post 2 ♥0", "the refused like was not rolled back")
    #expect(view.violations.isEmpty)
  }

  @Test func aDeleteRemovesTheRowAndARefusedOneBringsItBack() async throws {
    let (feed, table, view) = await loadedFeed()
    let server = FakeFeed()
    await delete(try #require(feed.item(at: 3)), from: feed, api: server)
    table.update()
    #expect(feed.items.map(\.id) == [0, 1, 2, 4] && server.deleted == [3])
    server.refuses = true
    await delete(try #require(feed.item(at: 0)), from: feed, api: server)
    table.update()
    #expect(feed.items.map(\.id) == [0, 1, 2, 4])
    #expect(view.render().prefix(4) == ["Post 0 ♥0", "Post 1 ♥0", "Post 2 ♥0", "Post 4 ♥0"])
    #expect(view.violations.isEmpty)
  }

  @Test func aSentMessageShowsAtTheBottomAndTheServersCopyIsNotAddedTwice() async throws {
    let server = FakeChat(count: 3)
    let chat = PagedList(
      listName: "chat", configuration: .standard,
      loader: ClosurePageLoader { _ in Page(items: server.messages, hasMore: false) })
    let view = HeadlessTableView(viewportHeight: 440, rowHeight: 44)
    let table = TableManager(listView: view, sections: [PagedSection(list: chat) { MessageRow($0) }])
    await chat.start()?.value
    table.update()
    await ChatSender().send("Hello", in: chat, api: server)
    table.update()
    #expect(view.render().prefix(4) == ["0: Message 0", "1: Message 1", "2: Message 2", "3: Hello"])
    // The next refresh brings the server's copy: one row, not two.
    await chat.refresh()?.value
    table.update()
    #expect(chat.items.map(\.id) == [0, 1, 2, 3])
    #expect(view.violations.isEmpty)
  }
}
