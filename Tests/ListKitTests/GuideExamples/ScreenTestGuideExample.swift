import ListKit
import ListKitTesting
import Testing

/// Guides/TestingAScreen.md, between the markers, compiled and run as it is shown.
enum ScreenTestGuideExample {
  // snippet: screen-test
  struct Post: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var likes = 0
  }

  final class PostCell: ListCell, HeadlessRenderable {  // on iOS, your UITableViewCell subclass
    var text = ""
    var renderedText: String { text }  // what HeadlessTableView.render() prints for the row
  }

  final class PostRow: ModelCellManager<Post, PostCell> {
    override func configure(cell: PostCell) { cell.text = "\(model.title) ♥ \(model.likes)" }
  }

  /// The screen as the app builds it: the list, its section, the table.
  @MainActor final class FeedScreen {
    let posts: PagedList<Post>
    let table: TableManager

    init(listView: any ListView, loader: some PageLoader<Post>) throws {
      posts = PagedList(
        listName: "feed",
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
        loader: loader)
      table = TableManager(listView: listView)
      table.sections = [PagedSection(list: posts) { PostRow($0) }]
    }
  }

  /// The server, in memory: 45 posts in pages of the size asked for. (Against a real server on
  /// the loopback, give the screen an `HTTPPageLoader` with its URL instead.)
  struct PostServer: PageLoader {
    func loadPage(_ request: PageRequest) async throws -> Page<Post> {
      guard case .page(let index, let size) = request.position else { return Page(items: [], hasMore: false) }
      let range = (index - 1) * size..<min(45, index * size)
      return Page(items: range.map { Post(id: $0, title: "Post \($0)") }, hasMore: range.upperBound < 45)
    }
  }

  @MainActor @Suite struct FeedScreenTests {
    let view = HeadlessTableView(viewportHeight: 440, rowHeight: 44)  // ten rows on screen

    @Test func scrollingToTheEndLoadsEveryPageAndShowsTheEnd() async throws {
      let screen = try FeedScreen(listView: view, loader: PostServer())
      await screen.posts.start()?.value
      await screen.table.updatesApplied()  // large updates are diffed off the main actor
      #expect(view.render().prefix(2) == ["Post 0 ♥ 0", "Post 1 ♥ 0"])

      // Scroll as the user does: the rows near the end ask for the next page.
      while screen.posts.loadStates.next != .reachedEnd {
        try view.scroll(toOffset: view.contentHeight)
        await screen.posts.idle()  // the page the scroll asked for has landed
        await screen.table.updatesApplied()
      }
      #expect(screen.posts.items.count == 45)
      try view.scroll(toOffset: view.contentHeight)  // the last page came below the screen
      #expect(view.render().suffix(2) == ["Post 44 ♥ 0", "[No more data]"])
      #expect(view.violations.isEmpty)  // no batch update broke UIKit's rules
    }

    @Test func aRefusedLikeComesBack() async throws {
      let screen = try FeedScreen(listView: view, loader: PostServer())
      await screen.posts.start()?.value
      let like = screen.posts.applyPending(.update(id: 1) { $0.likes += 1 })
      await screen.table.updatesApplied()
      #expect(view.render()[1] == "Post 1 ♥ 1")  // at once, before the server answers
      screen.posts.rollBack(like)  // the server refused
      await screen.table.updatesApplied()
      #expect(view.render()[1] == "Post 1 ♥ 0")
    }
  }
  // snippet-end
}
