/// Why a ``PagingConfiguration`` cannot be made.
public enum PagingConfigurationError: Error, Hashable, Sendable {
  /// A page size (`pageSize` or `firstPageSize`) is not at least 1.
  case nonPositivePageSize(name: String, value: Int)
  /// A page size (`pageSize` or `firstPageSize`) does not fit in 32 bits.
  case pageSizeTooLarge(name: String, value: Int)
  /// The prefetch distance is negative.
  case negativePrefetchDistance(Int)
  /// With page-index paging, the first page must cover a whole number of pages, or the next page
  /// index would point into the middle of it.
  case firstPageSizeNotAMultipleOfPageSize(firstPageSize: Int, pageSize: Int)
  /// The first page index is negative or does not fit in 32 bits (page indexes then count up
  /// from it without overflowing).
  case firstPageIndexOutOfRange(Int)
  /// The maximum item count is under three pages of the larger page size: dropping pages would
  /// then drop the ones on screen.
  case maximumItemCountTooSmall(maximumItemCount: Int, minimum: Int)
  /// The maximum item count cannot hold a page of the larger page size with the prefetch
  /// distance on both sides of it (Paging 3's `maxSize >= pageSize + 2 * prefetchDistance`): the
  /// rows on screen and those a prefetch keeps ready would have to be dropped.
  case maximumItemCountBelowPrefetchWindow(maximumItemCount: Int, prefetchDistance: Int, minimum: Int)
}

extension PagingConfigurationError: CustomStringConvertible {
  /// What is wrong, where, and why.
  public var description: String {
    switch self {
    case .nonPositivePageSize(let name, let value):
      "PagingConfiguration.\(name) is \(value); a page holds at least 1 item"
    case .pageSizeTooLarge(let name, let value):
      "PagingConfiguration.\(name) is \(value); a page holds at most \(Int32.max) items"
    case .negativePrefetchDistance(let value):
      "PagingConfiguration.prefetchDistance is \(value); it counts rows and must be 0 or more"
    case .firstPageSizeNotAMultipleOfPageSize(let first, let size):
      "PagingConfiguration.firstPageSize \(first) is not a multiple of pageSize \(size); with "
        + "page-index paging the next page index would point into the middle of the first page"
    case .firstPageIndexOutOfRange(let index):
      "PagingStyle.pageIndex(firstIndex: \(index)) is out of range; a first page index is 0..."
        + "\(Int32.max)"
    case .maximumItemCountTooSmall(let maximum, let minimum):
      "PagingConfiguration.maximumItemCount is \(maximum); it must be at least \(minimum) (three "
        + "pages) so that the pages on screen are never dropped"
    case .maximumItemCountBelowPrefetchWindow(let maximum, let distance, let minimum):
      "PagingConfiguration.maximumItemCount is \(maximum); with prefetchDistance \(distance) it must be "
        + "at least \(minimum) (a page and the prefetch distance above and below it) so that the "
        + "rows on screen and those prefetched around them are never dropped"
    }
  }
}
