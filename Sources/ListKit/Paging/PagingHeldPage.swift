/// One loaded page among a `PagingStateMachine`'s items: how many items it holds and where its
/// neighbours load.
///
/// Not nested in `PagingStateMachine`: a type nested in a generic type is generic itself, and the
/// machine runs unspecialized in a client module, where every use of a generic nested type asks
/// the runtime for its metadata (callgrind: a few thousand instructions per page).
struct PagingHeldPage {
  /// The items it added (a duplicate id it brought is counted with the page that holds it).
  var count: Int
  /// Where the page just above it loads, as a previous page.
  var before: PagingNextPage
  /// Where the page just below it loads, as a next page.
  var after: PagingNextPage
  /// The next cursor the page returned: forgotten as "seen" when the page is dropped, so that
  /// loading it again is not taken for a loop.
  var nextCursor: String?
  /// The previous cursor the page returned, forgotten as "seen" for the same reason.
  var previousCursor: String?
}
