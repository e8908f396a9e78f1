/// Which way a load goes: the first page again (a refresh) or the page after the loaded ones.
public enum PagingDirection: Hashable, Sendable {
  /// The first page, replacing what is loaded.
  case refresh
  /// The next page, appended to what is loaded.
  case nextPage
}
