import Foundation
import ListKitHTTP

/// Guides/HTTP.md, "Your API → your configuration": one example per shape, between the markers,
/// compiled as shown and run by APIShapeExampleTests against the loopback server.
struct GitHubShapeExample {
  // snippet: http-shape-github
  struct Repository: Identifiable, Decodable, Sendable {
    var id: Int
    var name: String
  }

  /// GitHub: a bare array, `Link: <…&page=2>; rel="next"`, pages from 1, `per_page`.
  @MainActor func makeRepositories(url: URL, token: String) throws -> PagedList<Repository> {
    PagedList(
      listName: "repositories", context: RequestContext(userToken: token),
      configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 40),
      loader: HTTPPageLoader<Repository>(
        baseURL: url, style: .linkHeader(), parameters: try HTTPPagingParameters(pageSize: "per_page")))
  }
  // snippet-end
}

struct TotalHeaderShapeExample {
  // snippet: http-shape-total-header
  struct Row: Identifiable, Decodable, Sendable {
    var id: Int
    var name: String
  }

  /// A bare array by offset and limit, the total in an `X-Total` header: the list ends on the
  /// last page without asking for an empty one.
  @MainActor func makeRows(url: URL) throws -> PagedList<Row> {
    PagedList(
      listName: "rows", configuration: try PagingConfiguration(style: .offset, pageSize: 40),
      loader: HTTPPageLoader<Row>(baseURL: url, style: .array.totalCount(fromHeader: "X-Total")))
  }
  // snippet-end
}

struct FastAPIShapeExample {
  // snippet: http-shape-fastapi
  struct Item: Identifiable, Decodable, Sendable {
    var id: Int
    var name: String
  }

  /// fastapi-pagination: `Page` and `LimitOffsetPage` by page or offset; `links.Page`, whose
  /// `next` is a relative link, by cursor.
  @MainActor func makeItems(url: URL) throws -> PagedList<Item> {
    PagedList(
      listName: "items", configuration: try PagingConfiguration(style: .cursor, pageSize: 40),
      loader: HTTPPageLoader<Item>(baseURL: url, style: .fastAPIPagination))
  }
  // snippet-end
}

struct JSONAPIShapeExample {
  // snippet: http-shape-jsonapi
  struct Article: Identifiable, Sendable {
    var id: String
    var title: String
  }

  struct ArticleAttributes: Decodable, Sendable {
    var title: String
  }

  /// JSON:API (Django REST framework JSON:API): `Accept: application/vnd.api+json`,
  /// `page[number]`/`page[size]`, each `{"id", "attributes"}` made into an `Article`.
  @MainActor func makeArticles(url: URL) throws -> PagedList<Article> {
    PagedList(
      listName: "articles",
      configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 40),
      loader: HTTPPageLoader<Article>(
        baseURL: url,
        style: .jsonAPI { (resource: JSONAPIResource<ArticleAttributes>) in
          Article(id: resource.id, title: resource.attributes.title)
        }))
  }
  // snippet-end
}

struct RelayShapeExample {
  // snippet: http-shape-relay
  struct Repository: Identifiable, Decodable, Sendable {
    var id: Int
    var name: String
  }

  /// A Relay connection over GraphQL POST: the cursor goes into `$after`, the page size into
  /// `$first`; `errors[].extensions.code == "UNAUTHENTICATED"` in a 200 is `.unauthorized`.
  @MainActor func makeRepositories(url: URL, token: String) throws -> PagedList<Repository> {
    let query = """
      query Repositories($first: Int!, $after: String) {
        viewer { items(first: $first, after: $after) {
          edges { node { id name } }
          pageInfo { hasNextPage endCursor }
          totalCount
        } }
      }
      """
    return PagedList(
      listName: "repositories", context: RequestContext(userToken: token),
      configuration: try PagingConfiguration(style: .cursor, pageSize: 40),
      loader: HTTPPageLoader<Repository>(
        baseURL: url, style: .relay("data.viewer.items"), requestBuilder: .graphQL(query: query)))
  }
  // snippet-end
}

enum TransportShapeExample {
  // snippet: http-shape-transport
  struct Row: Identifiable, Decodable, Sendable {
    var id: Int
    var name: String
  }

  /// Anything else: a loader of your own that keeps the deadline, the size cap, cancellation,
  /// redaction and the error kinds by sending through `HTTPTransport`.
  struct RowLoader: PageLoader {
    var url: URL
    var transport = HTTPTransport(timeout: .seconds(15), maximumResponseBytes: 1 << 20)

    func loadPage(_ request: PageRequest) async throws -> Page<Row> {
      guard case .offset(let offset, let limit) = request.position else {
        throw HTTPPageLoaderError.invalidRequest("this list pages by offset")
      }
      var urlRequest = URLRequest(url: url)
      urlRequest.httpMethod = "POST"
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
      urlRequest.httpBody = Data(#"{"offset": \#(offset), "limit": \#(limit)}"#.utf8)
      if let token = request.context.userToken {
        urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      }
      let response = try await transport.send(urlRequest, for: request)
      let rows = try JSONDecoder().decode([Row].self, from: response.body)
      return Page(items: rows, hasMore: rows.count == limit)
    }
  }
  // snippet-end
}
