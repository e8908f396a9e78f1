import ListKit

/// Why a ``StoredPageLoader`` could not answer a request, besides its store's and the network's
/// own errors.
public enum StoredPageLoaderError: Error, Hashable, Sendable {
  /// The request carries a cursor this loader never made (an anchor the app built, for
  /// example); the text is the cursor. Open a stored list at an item with
  /// `PagingAnchor.item(id:)`, or at the top.
  case unknownCursor(String)
  /// The request carries a cursor into a database file that the store has since replaced (it
  /// was found damaged, altered or untrusted while the list was open): the rows of that file are
  /// gone, and its positions name other rows, or none, in the new one. No row is served; the
  /// list shows the failure, and a refresh loads it again from the network. The text is the
  /// cursor.
  case staleCursor(String)
  /// The list's paging style is not cursor paging, which a stored list pages by.
  case notCursorPaging(PageRequest.Position)
}
