import ListKit

/// Why a ``StoredPageLoader`` could not answer a request, besides its store's and the network's
/// own errors.
public enum StoredPageLoaderError: Error, Hashable, Sendable {
  /// The request carries a cursor this loader never made (an anchor the app built, for
  /// example); the text is the cursor. Open a stored list at an item with
  /// `PagingAnchor.item(id:)`, or at the top.
  case unknownCursor(String)
  /// The list's paging style is not cursor paging, which a stored list pages by.
  case notCursorPaging(PageRequest.Position)
}
