import Foundation
import ListKit

extension HTTPResponseStyle where Item: Decodable {
  /// A Relay connection (GraphQL's cursor pagination) at a key path:
  /// `{"edges": [{"node": item}], "pageInfo": {"hasNextPage", "endCursor", "hasPreviousPage",
  /// "startCursor"}, "totalCount": n}`.
  ///
  /// Each edge's `node` is an item. More follow when `hasNextPage` is true; `endCursor` becomes
  /// ``Page/nextCursor`` and `startCursor` (when `hasPreviousPage` is true)
  /// ``Page/previousCursor``, both opaque. `totalCount` is read when the query asks for it.
  /// GraphQL errors in a 2xx body fail the load as ``reportingGraphQLErrors(codes:)`` says. Send
  /// the query with ``HTTPRequestBuilder/graphQL(query:variables:)``.
  /// - Parameter connection: The dotted path of the connection object, for example
  ///   `"data.repository.issues"`; `""` when the body is the connection.
  /// - Returns: The style.
  public static func relay(_ connection: String) -> Self {
    func path(_ name: String) -> String { connection.isEmpty ? name : "\(connection).\(name)" }
    let spec = EnvelopeSpec(
      items: path("edges"), hasMore: path("pageInfo.hasNextPage"), next: path("pageInfo.endCursor"),
      count: path("totalCount"), previous: path("pageInfo.startCursor"),
      hasPrevious: path("pageInfo.hasPreviousPage"))
    let style = Self(requiresJSON: true) { response, decoder in
      let envelope = try EnvelopeSpec.$current.withValue(spec) {
        try decoder.decode(Envelope<RelayEdge<Item>>.self, from: response.body)
      }
      let next = envelope.hasMore == false ? nil : envelope.next
      let previous = envelope.hasPrevious == true ? envelope.previous : nil
      return makePage(
        envelope, items: envelope.items.map(\.node), next: next, previous: previous, spec: spec,
        response: response)
    }
    return style.reportingGraphQLErrors()
  }
}

extension HTTPResponseStyle {
  /// The `extensions.code` values of GraphQL errors that ``reportingGraphQLErrors(codes:)`` maps
  /// by default: Apollo Server's codes and the common `FORBIDDEN`.
  public static var graphQLErrorCodes: [String: PagingErrorKind] {
    [
      "UNAUTHENTICATED": .unauthorized, "FORBIDDEN": .forbidden, "INTERNAL_SERVER_ERROR": .server,
      "GRAPHQL_PARSE_FAILED": .other, "GRAPHQL_VALIDATION_FAILED": .other, "BAD_USER_INPUT": .other,
    ]
  }

  /// This style, failing the load when a 2xx body carries GraphQL errors
  /// (`{"errors": [{"message", "extensions": {"code"}}], "data": …}`).
  ///
  /// A body with a non-empty top-level `errors` array fails with
  /// ``HTTPPageLoaderError/reportedInBody(kind:code:message:)``, whose kind is that of the
  /// first error whose `extensions.code` is in `codes` (`UNAUTHENTICATED` is
  /// ``PagingErrorKind/unauthorized``), or ``PagingErrorKind/other``. A page with errors may be
  /// incomplete, so it is never shown, even when `data` holds part of it.
  /// - Parameter codes: `extensions.code` values and their kinds.
  /// - Returns: The style.
  public func reportingGraphQLErrors(codes: [String: PagingErrorKind] = graphQLErrorCodes) -> Self {
    let read = self.read
    return reading { response, decoder in
      if let failure = GraphQLErrors.failure(in: response.body, codes: codes) { throw failure }
      return try read(response, decoder)
    }
  }
}

/// One edge of a Relay connection.
struct RelayEdge<Node: Decodable>: Decodable {
  var node: Node
}

/// The `errors` member of a GraphQL response.
struct GraphQLErrors: Decodable {
  struct Entry: Decodable {
    struct Extensions: Decodable { var code: String? }
    var message: String?
    var extensions: Extensions?
  }

  var errors: [Entry]?

  /// The error a body reports, or `nil` when it has no (readable) `errors` array or an empty one.
  static func failure(in body: Data, codes: [String: PagingErrorKind]) -> HTTPPageLoaderError? {
    guard let errors = (try? JSONDecoder().decode(Self.self, from: body))?.errors, let first = errors.first
    else { return nil }
    let mapped = errors.first { $0.extensions?.code.flatMap { codes[$0] } != nil } ?? first
    let code = mapped.extensions?.code
    return .reportedInBody(
      kind: code.flatMap { codes[$0] } ?? .other, code: code,
      message: String((mapped.message ?? "").prefix(200)))
  }
}
