/// Which way a load goes: the first page again (a refresh), the page after the loaded ones, or the
/// page before them.
public enum PagingDirection: Hashable, Sendable {
  /// The first page, replacing what is loaded.
  case refresh
  /// The next page, appended after what is loaded.
  case nextPage
  /// The previous page (older items above a chat, items before the item a list opened at),
  /// inserted before what is loaded.
  case previousPage
}
