import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// Runs each example of Guides/HTTP.md's "Your API → your configuration" against the loopback
/// server: every one pages 997 rows to the end.
@MainActor @Suite struct APIShapeExampleTests {
  @Test func gitHub() async throws {
    try await withServer { server in
      let list = try GitHubShapeExample().makeRepositories(url: server.url("/link?total=997"), token: "t")
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<997))
      #expect(list.totalCount == 997)
    }
  }

  @Test func totalHeader() async throws {
    try await withServer { server in
      let list = try TotalHeaderShapeExample().makeRows(url: server.url("/totals/array?total=960&key=t"))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<960))
      #expect(try await requestCount(on: server, key: "t") == 24)
    }
  }

  @Test func fastAPI() async throws {
    try await withServer { server in
      let list = try FastAPIShapeExample().makeItems(url: server.url("/fastapi/links?total=997"))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<997))
    }
  }

  @Test func jsonAPI() async throws {
    try await withServer { server in
      let list = try JSONAPIShapeExample().makeArticles(url: server.url("/jsonapi/articles?total=997"))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == (0..<997).map(String.init))
      #expect(list.items.last?.title == "article 996")
    }
  }

  @Test func relay() async throws {
    try await withServer { server in
      let list = try RelayShapeExample().makeRepositories(
        url: server.url("/graphql?total=997"), token: "good")
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<997))
      #expect(list.totalCount == 997)
    }
  }

  @Test func transport() async throws {
    try await withServer { server in
      let list = PagedList(
        listName: "rows", configuration: try PagingConfiguration(style: .offset, pageSize: 40),
        loader: TransportShapeExample.RowLoader(url: server.url("/rows?total=997")))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<997))
    }
  }
}
