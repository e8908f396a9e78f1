/// An error that says which ``PagingErrorKind`` it is, so that a ``PagedList`` and the app can
/// act on it without matching its text.
///
/// Adopt it in a loader's own error type:
///
/// ```swift
/// enum PhotoAPIError: Error, PagingErrorClassifying {
///   case sessionExpired, maintenance
///   var pagingErrorKind: PagingErrorKind {
///     switch self {
///     case .sessionExpired: .unauthorized
///     case .maintenance: .server
///     }
///   }
/// }
/// ```
public protocol PagingErrorClassifying: Error {
  /// The kind of failure this error is.
  var pagingErrorKind: PagingErrorKind { get }
}
