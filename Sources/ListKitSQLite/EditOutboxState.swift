import ListKit

/// What an ``EditOutbox`` is doing.
public enum EditOutboxState: Hashable, Sendable {
  /// Nothing to send, or not started.
  case idle
  /// An edit is on its way to the server.
  case sending
  /// The last try failed (offline, timed out, a 5xx…) and the same edit goes again after a
  /// delay, or at once when the network answers a request or ``EditOutbox/send()`` is called.
  /// - Parameters:
  ///   - attempts: The tries of that edit so far.
  ///   - kind: Why the last one failed.
  case waitingToRetry(attempts: Int, kind: PagingErrorKind)
  /// The server asked the user to sign in (HTTP 401): nothing is sent until
  /// ``EditOutbox/send()`` is called, after sign-in, or the network answers a request.
  case waitingForSignIn
}
