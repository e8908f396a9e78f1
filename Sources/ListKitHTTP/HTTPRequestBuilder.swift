import Foundation
import ListKit

/// How an ``HTTPPageLoader`` turns a page request into an HTTP request, when a GET with paging
/// query parameters is not what the server takes: a POST with a JSON body, or a GraphQL query
/// whose variables carry the cursor.
///
/// ```swift
/// let loader = HTTPPageLoader<Repository>(
///   baseURL: URL(string: "https://api.example.com/graphql")!,
///   style: .relay("data.viewer.repositories"),
///   requestBuilder: .graphQL(query: query))
/// ```
///
/// A builder changes the request's ``Parts`` before the loader adds authentication, so the
/// deadline, size cap, redaction and cancellation apply to it as to a GET. The URL must stay on
/// the base URL's origin.
public struct HTTPRequestBuilder: Sendable {
  /// The parts of an HTTP request a builder may change.
  public struct Parts: Sendable {
    /// The method: `"GET"` unless the builder changes it.
    public var method: String
    /// The URL: the one the loader would GET (the base URL with the extra query items and the
    /// position's paging parameters, or a followed next-page link).
    public var url: URL
    /// The loader's base URL, for a builder that sends its paging values in the body.
    public let baseURL: URL
    /// The headers: `Accept`, the style's headers and the loader's; authentication is added after.
    public var headers: [String: String]
    /// The body; `nil` unless the builder sets one.
    public var body: Data?

    init(method: String, url: URL, baseURL: URL, headers: [String: String]) {
      self.method = method
      self.url = url
      self.baseURL = baseURL
      self.headers = headers
    }
  }

  let build: @Sendable (PageRequest, inout Parts) throws -> Void

  /// A GET with the position's query parameters, as the loader sends by default.
  public static var get: Self { Self { _, _ in } }

  /// A builder of your own: `build` changes the parts for a page request (for example the
  /// method and a JSON body holding the position).
  ///
  /// An error it throws fails the load with ``HTTPPageLoaderError/invalidRequest(_:)``, its text
  /// redacted (an ``HTTPPageLoaderError`` is thrown as it is).
  /// - Parameter build: Changes the parts; it gets the page request with its position and context.
  /// - Returns: The builder.
  public static func custom(_ build: @escaping @Sendable (PageRequest, inout Parts) throws -> Void) -> Self {
    Self(build: build)
  }

  /// A GraphQL query, sent as a POST to the base URL with the position in its variables.
  ///
  /// The body is `{"query": …, "variables": {…}}`; the variables are named as Relay's connection
  /// arguments:
  ///
  /// | position | variables |
  /// | --- | --- |
  /// | ``PageRequest/Position/cursor(_:limit:)`` | `first`: limit, `after`: cursor or `null` |
  /// | ``PageRequest/Position/cursorBefore(_:limit:)`` | `last`: limit, `before`: cursor |
  /// | ``PageRequest/Position/offset(_:limit:)`` | `offset`, `limit` |
  /// | ``PageRequest/Position/page(index:size:)`` | `page`, `pageSize` |
  /// | ``PageRequest/Position/item(_:limit:)`` | `around`: the id, `first`: limit |
  ///
  /// - Parameters:
  ///   - query: The query document; it declares the variables it uses (`$first: Int!`,
  ///     `$after: String`).
  ///   - variables: Other variables (filters, an owner's login); a paging variable of the same
  ///     name wins.
  /// - Returns: The builder.
  public static func graphQL(query: String, variables: [String: any Encodable & Sendable] = [:]) -> Self {
    Self { request, parts in
      var all = variables.mapValues(GraphQLVariable.init)
      for (name, value) in pagingVariables(request.position) { all[name] = value }
      parts.method = "POST"
      parts.url = parts.baseURL
      parts.headers["Content-Type"] = "application/json"
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      parts.body = try encoder.encode(GraphQLRequestBody(query: query, variables: all))
    }
  }

  private static func pagingVariables(_ position: PageRequest.Position) -> [String: GraphQLVariable] {
    switch position {
    case .cursor(let cursor, let limit): ["first": GraphQLVariable(limit), "after": GraphQLVariable(cursor)]
    case .cursorBefore(let cursor, let limit):
      ["last": GraphQLVariable(limit), "before": GraphQLVariable(cursor)]
    case .offset(let offset, let limit): ["offset": GraphQLVariable(offset), "limit": GraphQLVariable(limit)]
    case .page(let index, let size): ["page": GraphQLVariable(index), "pageSize": GraphQLVariable(size)]
    case .item(let id, let limit): ["around": GraphQLVariable(id), "first": GraphQLVariable(limit)]
    }
  }
}

/// The body of a GraphQL request over HTTP.
private struct GraphQLRequestBody: Encodable {
  var query: String
  var variables: [String: GraphQLVariable]
}

/// A variable's value, encoded as itself (`nil` as `null`).
private struct GraphQLVariable: Encodable {
  let value: any Encodable & Sendable

  init(_ value: any Encodable & Sendable) { self.value = value }

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
