import Foundation
import ListKit
import ListKitCache
import ListKitHTTP
import ListKitSQLite

extension DemoOptions {
  /// The name of the demo's cache folder under the default cache location.
  package static let cacheName = "listkit-demo"

  /// The paging configuration the flags ask for: `--style` and `--page-size`, prefetching the
  /// next page when a row at most 5 rows from the end appears; pages are numbered from 1 for
  /// `--url` (Django REST framework's numbers), from 0 for the built-in data set.
  ///
  /// With `--store` the list pages the store by cursor and holds at most 8 pages, the rest read
  /// back from disk as the user scrolls; ``remotePagingStyle`` is then how the network pages.
  /// - Returns: The configuration.
  /// - Throws: ``PagingConfigurationError`` for a page size the list refuses (the parser already
  ///   keeps it from 1 to 1000).
  package func pagingConfiguration() throws(PagingConfigurationError) -> PagingConfiguration {
    let prefetchDistance = min(5, pageSize)
    guard storeDirectory == nil else {
      return try PagingConfiguration(
        style: .cursor, pageSize: pageSize, prefetchDistance: prefetchDistance, maximumItemCount: pageSize * 8
      )
    }
    return try PagingConfiguration(
      style: remotePagingStyle, pageSize: pageSize, prefetchDistance: prefetchDistance)
  }

  /// How the source pages, by `--style`: the index is the page number the loader sends, from 1
  /// for `--url` (Django REST framework) and from 0 for the built-in data set.
  package var remotePagingStyle: PagingStyle {
    switch style {
    case .page: .pageIndex(firstIndex: url == nil ? 0 : 1)
    case .offset: .offset
    case .cursor: .cursor
    }
  }

  /// Where the list opens: the photo of `--start-at`, the newest (last) photo for `--chat`,
  /// otherwise the top.
  package var anchor: PagingAnchor<Photo.ID> {
    if let startAt { return .item(id: startAt) }
    // The built-in photos are numbered from 1, so the newest is `count`.
    if chat, count > 0 { return .item(id: count) }
    return .top
  }

  /// What selects the content, for the cache key: the URL, or the built-in data set's seed and
  /// size, so that two data sets never share a cached first page.
  package var cacheQuery: String {
    url?.absoluteString ?? "built-in photos, seed \(seed), count \(count)"
  }

  /// The loader the flags ask for: the HTTP loader for `--url`, otherwise the built-in one.
  /// - Returns: The loader.
  package func makeLoader() -> any PageLoader<Photo> {
    if let url { return makeHTTPLoader(url: url) }
    return DemoPhotoLoader(
      photos: PhotoDataSet.photos(count: count, seed: seed), latency: latency, failRate: failRate, seed: seed,
      clock: ContinuousClock())
  }

  /// The network of the source the flags ask for (``makeLoader()``), down at launch with
  /// `--offline`.
  package func makeNetwork() -> DemoNetwork {
    DemoNetwork(makeLoader(), isDown: offline)
  }

  /// With `--store`, the loader that keeps the list in a database in that folder, filled from
  /// `network`; otherwise `nil`.
  package func makeStoredLoader(network: DemoNetwork) -> StoredPageLoader<Photo>? {
    guard let storeDirectory else { return nil }
    return StoredPageLoader(
      listName: "photos", query: cacheQuery,
      directory: URL(fileURLWithPath: storeDirectory, isDirectory: true),
      remote: network, remoteStyle: remotePagingStyle, remotePageSize: pageSize)
  }

  /// The HTTP loader for a JSON API: Django REST framework's query names (`page` from 1 and
  /// `page_size`, `offset` and `limit`, `cursor` and `page_size`), the token as a bearer token,
  /// and pages read as ``PhotoEnvelope`` describes (a bare array or an envelope).
  /// - Parameter url: The URL of the first page.
  /// - Returns: The loader.
  package func makeHTTPLoader(url: URL) -> HTTPPageLoader<Photo> {
    HTTPPageLoader(
      baseURL: url, style: PhotoEnvelope.responseStyle, parameters: .standard,
      authentication: .bearer, timeout: .seconds(15))
  }

  /// The directory the first page is cached in: `--cache-dir`, or the default cache location
  /// for a cache named ``cacheName``.
  package var resolvedCacheDirectory: URL {
    cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FilePageCache<Photo>.defaultDirectory(named: Self.cacheName)
  }

  /// The first-page cache the flags ask for, or `nil` for none.
  ///
  /// None with `--no-cache`; with `--dump`, none unless `--cache-dir` is given, so that a dump
  /// is the same every time and never touches the user's cache.
  /// - Returns: The cache.
  package func makeCache() -> FilePageCache<Photo>? {
    guard usesCache, !dump || cacheDirectory != nil else { return nil }
    return FilePageCache(directory: resolvedCacheDirectory)
  }
}
