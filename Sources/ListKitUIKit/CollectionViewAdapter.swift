// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
//   (`func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`)
// https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:), insertSections(_:),
//   moveSection(_:toSection:), reloadSections(_:), deleteItems(at:), insertItems(at:), moveItem(at:to:),
//   reloadItems(at:)
// https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforvisibleitems (`[IndexPath]`, unordered)
// https://developer.apple.com/documentation/uikit/uicollectionview/prefetchdatasource
// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/leadingswipeactionsconfigurationprovider
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Puts a ListKit data source and delegate on a `UICollectionView`: the collection view
  /// counterpart of ``TableViewAdapter``.
  ///
  /// The adapter is the collection view's `dataSource`, `delegate` and `prefetchDataSource` and
  /// forwards every call that has a ListKit counterpart 1:1. Item sizes belong to the layout (a
  /// compositional or list layout); section headers and footers are the layout's supplementary
  /// views, so ListKit's header views and heights are not asked for here. For swipe actions in a
  /// list layout, return ``leadingSwipeActionsConfiguration(at:)`` and
  /// ``trailingSwipeActionsConfiguration(at:)`` from the list configuration's providers.
  ///
  /// ```swift
  /// let adapter = CollectionViewAdapter(collectionView: collectionView)   // keep it in a property
  /// let table = TableManager(listView: adapter, sections: [photosSection])
  /// ```
  @MainActor
  public final class CollectionViewAdapter: NSObject, ListView {
    /// The reuse identifier of the empty cell shown when the core answers with a cell that is not
    /// a `UICollectionViewCell`.
    public static let fallbackReuseIdentifier = "ListKitUIKit.FallbackCollectionCell"

    /// The collection view.
    public let collectionView: UICollectionView
    /// The object that answers counts and cells; held weakly.
    public weak var dataSource: (any ListDataSource)?
    /// The object told about display, selection and highlight; held weakly.
    public weak var delegate: (any ListDelegate)?

    /// Which identifiers name `UICollectionViewCell` classes and which name cells ListKit makes.
    private(set) var reuse: ReuseRegistry<UICollectionView, PagingStatusCollectionViewCell>

    /// Creates an adapter and makes it the collection view's data source, delegate and prefetch
    /// data source.
    /// - Parameter collectionView: The collection view; held strongly (it holds the adapter
    ///   weakly).
    public init(collectionView: UICollectionView) {
      self.collectionView = collectionView
      self.reuse = ReuseRegistry(view: collectionView, fallbackReuseIdentifier: Self.fallbackReuseIdentifier)
      super.init()
      collectionView.dataSource = self
      collectionView.delegate = self
      collectionView.prefetchDataSource = self
    }

    // MARK: ListView

    /// Registers the cell class with the collection view when it is a `UICollectionViewCell`
    /// subclass; other classes are made with the registration's `make`.
    /// - Parameter registration: The reuse identifier, the cell type and how to make a cell.
    public func register(_ registration: CellRegistration) {
      reuse.register(registration)
    }

    /// Dequeues a registered cell for the path.
    /// - Parameters:
    ///   - identifier: A reuse identifier registered with ``register(_:)``.
    ///   - path: The path the cell will be shown at.
    /// - Returns: A `UICollectionViewCell`, or a new model cell for a non-UIKit registration.
    /// - Throws: `ListViewError/unregisteredIdentifier(_:)` instead of UIKit's abort.
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath)
      throws(ListViewError) -> AnyObject
    {
      try reuse.dequeueCell(withIdentifier: identifier, for: path)
    }

    /// Reloads the collection view.
    public func reloadData() {
      collectionView.reloadData()
    }

    /// Applies the batch inside `performBatchUpdates(_:completion:)`, or reloads when the
    /// collection view is not in a window.
    ///
    /// As every `ListView`, it keeps the first visible item that the batch keeps (and does not
    /// move) where it was on screen: UIKit alone keeps the content offset, so items inserted above
    /// would move it.
    /// - Parameter update: Deletes and reloads in old paths, inserts in new ones, moves old → new.
    public func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
      collectionView.perform(update, through: collectionView, for: self)
    }

    /// The paths of the visible items, sorted (UIKit returns them in no particular order).
    public var visibleItemPaths: [ItemPath] {
      collectionView.indexPathsForVisibleItems.map { ItemPath($0) }.sorted()
    }

    /// Scrolls, without animating, so that an item is at the top, as far as the content allows.
    /// - Parameter path: The item; a path the collection view does not hold changes nothing (UIKit
    ///   would raise an exception).
    public func scroll(toItemAt path: ItemPath) {
      collectionView.scroll(toItemAt: path)
    }

    // MARK: Swipe actions for list layouts

    /// The leading swipe actions of an item, for
    /// `UICollectionLayoutListConfiguration.leadingSwipeActionsConfigurationProvider`.
    /// - Parameter indexPath: The item.
    /// - Returns: The UIKit configuration, or `nil` for none.
    public func leadingSwipeActionsConfiguration(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
      delegate?.listView(self, leadingSwipeActionsForItemAt: ItemPath(indexPath))?
        .makeUISwipeActionsConfiguration()
    }

    /// The trailing swipe actions of an item, for
    /// `UICollectionLayoutListConfiguration.trailingSwipeActionsConfigurationProvider`.
    /// - Parameter indexPath: The item.
    /// - Returns: The UIKit configuration, or `nil` for none.
    public func trailingSwipeActionsConfiguration(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
      delegate?.listView(self, trailingSwipeActionsForItemAt: ItemPath(indexPath))?
        .makeUISwipeActionsConfiguration()
    }
  }
#endif
