import Foundation

/// Why paging stopped although the server said more pages follow: several pages in a row added
/// no new item.
///
/// A server that ignores the page parameter (or a cursor it does not understand) answers its
/// first page again and again, each time with "more follow" and a new next link; the duplicates
/// are dropped (``DuplicateIDPolicy``), so without this rule nothing would end the paging and the
/// list would keep asking without a word. After ``pageBound`` such pages in a row, the direction
/// fails with a ``PagingError`` of kind ``PagingErrorKind/badResponse`` whose ``PagingError/underlying``
/// is this error. A page that adds at least one new item resets the count, and so does a refresh.
public struct PagingNoProgressError: Error, Hashable, Sendable {
  /// How many pages in a row may add no new item while claiming more before paging ends: 3.
  public static let pageBound = 3

  /// Which way the pages went (next or previous).
  public var direction: PagingDirection
  /// How many pages in a row added no new item.
  public var pages: Int

  /// Creates the error.
  /// - Parameters:
  ///   - direction: Which way the pages went.
  ///   - pages: How many pages in a row added no new item.
  package init(direction: PagingDirection, pages: Int) {
    self.direction = direction
    self.pages = pages
  }
}

extension PagingNoProgressError: CustomStringConvertible {
  /// The cause, for developers and logs.
  public var description: String {
    "\(pages) \(direction == .previousPage ? "previous" : "next") pages in a row added no new item although "
      + "each said more follow: the server repeats a page (does it ignore the page parameter and "
      + "answer page 1 again?)"
  }
}

extension PagingNoProgressError: LocalizedError {
  /// A sentence for the user.
  public var errorDescription: String? { "The server keeps sending the same items." }
}

extension PagingNoProgressError: PagingErrorClassifying {
  /// ``PagingErrorKind/badResponse``: the server answered, but not with the pages it promised.
  public var pagingErrorKind: PagingErrorKind { .badResponse }
}
