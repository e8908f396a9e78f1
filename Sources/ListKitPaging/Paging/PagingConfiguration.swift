/// How a ``PagedList`` asks for pages: style, sizes, prefetch distance and duplicate policy.
public struct PagingConfiguration: Hashable, Sendable {
  /// How pages are addressed.
  public let style: PagingStyle
  /// The number of items asked for by every page after the first.
  public let pageSize: Int
  /// The number of items asked for by the first page (a refresh).
  public let firstPageSize: Int
  /// How close to the end a displayed row must be for ``PagedList/itemWillDisplay(at:)`` to ask
  /// for the next page: it does when at most this many rows follow the displayed one (and near
  /// the top, for the previous page, when at most this many precede it).
  ///
  /// A page that lands while the rows on screen (as a ``PagedSection`` reports them) are still
  /// this close to that end loads the page after it at once, so the direction keeps loading,
  /// and its status row stays, until the screen is this far from the end.
  public let prefetchDistance: Int
  /// What happens to a loaded item whose id the list already holds.
  public let duplicatePolicy: DuplicateIDPolicy
  /// The most items the list holds, or `nil` for no limit (Paging 3's `maxSize`).
  ///
  /// When a loaded page takes the count over it, whole pages at the far end from that page are
  /// dropped (the top after a next page, the bottom after a previous page) and that direction is
  /// open again, so the dropped pages load again when the user scrolls back. A page that holds an
  /// item within ``prefetchDistance`` of the last item displayed is never dropped, so the list
  /// may hold more for a while (a server's page larger than asked) rather than drop rows on
  /// screen.
  public let maximumItemCount: Int?
  /// What ``PagedList/refresh()`` reloads: the first page (the default) or the page of the last
  /// item the user looked at.
  public let refreshMode: PagingRefreshMode

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - style: How pages are addressed; page indexes from 0 by default.
  ///   - pageSize: Items per page after the first; at least 1.
  ///   - firstPageSize: Items in the first page; `pageSize` when `nil`. With page-index paging it
  ///     must be a multiple of `pageSize` (the first page then counts as that many pages).
  ///   - prefetchDistance: Rows from the end that trigger the next page; `pageSize` when `nil`.
  ///   - duplicatePolicy: What to do with an item whose id is already loaded.
  ///   - maximumItemCount: The most items held, dropping whole pages at the far end beyond it;
  ///     `nil` (the default) for no limit. At least three pages of the larger page size, and at
  ///     least that page with the prefetch distance on both sides (Paging 3's rule), so the pages
  ///     on screen are never the ones dropped.
  ///   - refreshMode: What a refresh reloads; the first page by default.
  /// - Throws: ``PagingConfigurationError`` when a size is not positive or beyond 32 bits, the
  ///   distance is negative, the maximum item count cannot hold three pages or a page with the
  ///   prefetch distance on both sides, or, in page-index style, the first index is negative (or
  ///   beyond 32 bits) or the first page does not cover a whole number of pages.
  public init(
    style: PagingStyle = .pageIndex(firstIndex: 0),
    pageSize: Int = 20,
    firstPageSize: Int? = nil,
    prefetchDistance: Int? = nil,
    duplicatePolicy: DuplicateIDPolicy = .keepFirst,
    maximumItemCount: Int? = nil,
    refreshMode: PagingRefreshMode = .fromStart
  ) throws(PagingConfigurationError) {
    let firstPageSize = firstPageSize ?? pageSize
    let prefetchDistance = prefetchDistance ?? pageSize
    guard pageSize >= 1 else { throw .nonPositivePageSize(name: "pageSize", value: pageSize) }
    guard firstPageSize >= 1 else {
      throw .nonPositivePageSize(name: "firstPageSize", value: firstPageSize)
    }
    guard pageSize <= Int32.max else { throw .pageSizeTooLarge(name: "pageSize", value: pageSize) }
    guard firstPageSize <= Int32.max else {
      throw .pageSizeTooLarge(name: "firstPageSize", value: firstPageSize)
    }
    guard prefetchDistance >= 0 else { throw .negativePrefetchDistance(prefetchDistance) }
    if case .pageIndex(let firstIndex) = style {
      guard (0...Int(Int32.max)).contains(firstIndex) else { throw .firstPageIndexOutOfRange(firstIndex) }
      guard firstPageSize.isMultiple(of: pageSize) else {
        throw .firstPageSizeNotAMultipleOfPageSize(firstPageSize: firstPageSize, pageSize: pageSize)
      }
    }
    if let maximumItemCount {
      let largerPage = max(pageSize, firstPageSize)
      let minimum = 3 * largerPage
      guard maximumItemCount >= minimum else {
        throw .maximumItemCountTooSmall(maximumItemCount: maximumItemCount, minimum: minimum)
      }
      // A page on screen and the rows a prefetch keeps ready above and below it, compared without
      // overflow (the distance may be any Int): max >= page + 2 * distance.
      guard prefetchDistance <= (maximumItemCount - largerPage) / 2 else {
        let (twice, overflowed) = prefetchDistance.multipliedReportingOverflow(by: 2)
        let (window, overflowedAgain) = twice.addingReportingOverflow(largerPage)
        throw .maximumItemCountBelowPrefetchWindow(
          maximumItemCount: maximumItemCount, prefetchDistance: prefetchDistance,
          minimum: overflowed || overflowedAgain ? Int.max : window)
      }
    }
    self.init(
      validated: style, pageSize: pageSize, firstPageSize: firstPageSize,
      prefetchDistance: prefetchDistance, duplicatePolicy: duplicatePolicy,
      maximumItemCount: maximumItemCount, refreshMode: refreshMode)
  }

  /// Page indexes from 0, 20 items a page, prefetch 20 rows from the end, keep the first duplicate.
  public static let standard = PagingConfiguration(
    validated: .pageIndex(firstIndex: 0), pageSize: 20, firstPageSize: 20, prefetchDistance: 20,
    duplicatePolicy: .keepFirst, maximumItemCount: nil, refreshMode: .fromStart)

  private init(
    validated style: PagingStyle, pageSize: Int, firstPageSize: Int, prefetchDistance: Int,
    duplicatePolicy: DuplicateIDPolicy, maximumItemCount: Int?, refreshMode: PagingRefreshMode
  ) {
    self.style = style
    self.pageSize = pageSize
    self.firstPageSize = firstPageSize
    self.prefetchDistance = prefetchDistance
    self.duplicatePolicy = duplicatePolicy
    self.maximumItemCount = maximumItemCount
    self.refreshMode = refreshMode
  }
}
