import ListKit

extension HTTPPageLoader {
  /// Returns this loader, sending the token a credential provider supplies and refreshing it once
  /// on a 401.
  ///
  /// The provider replaces ``RequestContext/userToken``: the list's context then names the user
  /// (``RequestContext/accountID``) and never holds the token. See ``HTTPCredentialProvider``.
  /// - Parameter provider: Supplies the token before each request and a fresh one after a 401.
  /// - Returns: A loader with every setting of this one, and the provider.
  public func withCredentials(_ provider: HTTPCredentialProvider) -> HTTPPageLoader {
    var loader = self
    loader.credentialProvider = provider
    return loader
  }

  /// Loads a page with the provider's token; after a 401, once more with a fresh one.
  func loadPage(_ request: PageRequest, credentials: HTTPCredentialProvider) async throws -> Page<Item> {
    try Task.checkCancellation()
    let token = try await credentials.current(request.context).flatMap { $0.isEmpty ? nil : $0 }
    do {
      return try await send(request, token: token)
    } catch HTTPPageLoaderError.unauthorized(let status, let excerpt) where status == 401 {
      guard let token, let fresh = try await credentials.freshToken(replacing: token, for: request.context)
      else { throw HTTPPageLoaderError.unauthorized(status: status, bodyExcerpt: excerpt) }
      return try await send(request, token: fresh)
    }
  }

  /// Sends the request with `token` as the context's token, for this one request only.
  private func send(_ request: PageRequest, token: String?) async throws -> Page<Item> {
    var request = request
    request.context.userToken = token
    return try await send(request)
  }
}
