import ListKit

/// Supplies the token an ``HTTPPageLoader`` sends, and a fresh one when the server refuses it.
///
/// Access tokens expire and rotate (OAuth: about every hour, renewed with a refresh token). A
/// loader given a provider (``HTTPPageLoader/withCredentials(_:)``) asks it for the current token
/// before each request, instead of reading ``RequestContext/userToken``. When the server answers
/// 401, the loader asks the provider once for a fresh token and sends that request once more;
/// if the refresh fails (it throws, or returns `nil` or the refused token) or the retry is refused
/// too, the load fails with ``HTTPPageLoaderError/unauthorized(status:bodyExcerpt:)``. A 403
/// (no access) is never refreshed.
///
/// Requests refused together cause one refresh: the provider's copies share one coalescer, so
/// every request refused with the same token waits for the same refresh, and one refused after
/// the refresh ended takes the token it produced (the current token, when it differs from the
/// refused one).
///
/// ```swift
/// let credentials = HTTPCredentialProvider(
///   current: { _ in await session.accessToken },
///   refresh: { _, _ in try await session.refreshAccessToken() })
/// let loader = HTTPPageLoader<Photo>(baseURL: url, style: .envelope()).withCredentials(credentials)
/// ```
///
/// The tokens exist only in the outgoing request: nothing the loader reports or logs contains
/// them, and the list's ``RequestContext`` (hence its cache key) holds the identity alone.
public struct HTTPCredentialProvider: Sendable {
  let current: @Sendable (RequestContext) async throws -> String?
  let refresh: @Sendable (_ refused: String, RequestContext) async throws -> String?
  /// Shared by every copy: what makes concurrent refusals one refresh.
  let refreshes = CredentialRefreshes()

  /// Creates a provider from two closures.
  /// - Parameters:
  ///   - current: Returns the token to send now for a request's context (its
  ///     ``RequestContext/accountID`` says whose), or `nil` to send none.
  ///   - refresh: Called after a 401 with the refused token: returns a fresh token (refreshing it
  ///     with the authorization server), or `nil` (or throws) when the user must sign in again.
  ///     It is called once for every refused token, however many requests were refused with it.
  public init(
    current: @escaping @Sendable (RequestContext) async throws -> String?,
    refresh: @escaping @Sendable (_ refused: String, RequestContext) async throws -> String?
  ) {
    self.current = current
    self.refresh = refresh
  }

  /// Runs one of the app's own requests (a like, a sent message) with the token the loaders send,
  /// and once more with a fresh one when the server refuses it: the same single refresh the
  /// loaders of this provider share, so a write refused together with pages causes no second one.
  ///
  /// `send` makes the request with the token (as the server expects it: `Authorization: Bearer
  /// <token>` for most) and says whether the server refused it (a 401). After a refusal, `send`
  /// runs once more with the fresh token; when there is none (the refresh failed: the user must
  /// sign in again) or the token was `nil`, the refused answer is returned as it is.
  ///
  /// ```swift
  /// let sent = try await credentials.authorized(for: context) { token in
  ///   var request = URLRequest(url: likeURL)
  ///   request.httpMethod = "POST"
  ///   request.setValue(token.map { "Bearer \($0)" }, forHTTPHeaderField: "Authorization")
  ///   let (body, response) = try await api.send(request)  // the app's own HTTP client
  ///   return (response: (body, response), refused: response.statusCode == 401)
  /// }
  /// ```
  /// - Parameters:
  ///   - context: Whose token (its ``RequestContext/accountID``); what `current` and `refresh`
  ///     receive.
  ///   - send: Sends the request with a token (`nil` when the provider has none) and returns the
  ///     answer, and whether the server refused the token.
  /// - Returns: The answer of the last attempt.
  /// - Throws: What `send` or the provider's `current` throws, or `CancellationError`.
  public func authorized<Response: Sendable>(
    for context: RequestContext = RequestContext(),
    _ send: (_ token: String?) async throws -> (response: Response, refused: Bool)
  ) async throws -> Response {
    let token = try await current(context)
    let first = try await send(token)
    guard first.refused, let token, let fresh = try await freshToken(replacing: token, for: context) else {
      return first.response
    }
    return try await send(fresh).response
  }

  /// A fresh token after `refused` was refused: the one refresh for it, shared by every caller.
  /// - Returns: The token to retry with, or `nil` when there is none (the refresh failed).
  /// - Throws: `CancellationError` when the calling task is cancelled.
  func freshToken(replacing refused: String, for context: RequestContext) async throws -> String? {
    let fresh = await refreshes.freshToken(replacing: refused, for: context, provider: self)
    try Task.checkCancellation()
    return fresh.flatMap { $0.isEmpty || $0 == refused ? nil : $0 }
  }
}

/// The refreshes under way, by refused token: every request refused with one token waits for
/// one refresh.
actor CredentialRefreshes {
  private struct Key: Hashable {
    var identity: UserIdentity?
    var refused: String
  }

  private var inFlight: [Key: Task<String?, Never>] = [:]

  /// The token to retry with after `refused` was refused, or `nil` when the refresh failed.
  func freshToken(
    replacing refused: String, for context: RequestContext, provider: HTTPCredentialProvider
  ) async -> String? {
    let key = Key(identity: context.identity, refused: refused)
    if let running = inFlight[key] { return await running.value }
    // Made and stored before the first suspension, so a second refusal finds it.
    let running = Task { () -> String? in
      // A token other than the refused one is already fresh: a refresh that ended before this
      // request was refused produced it.
      if let current = try? await provider.current(context), current != refused { return current }
      return try? await provider.refresh(refused, context)
    }
    inFlight[key] = running
    let fresh = await running.value
    inFlight[key] = nil
    return fresh
  }
}
