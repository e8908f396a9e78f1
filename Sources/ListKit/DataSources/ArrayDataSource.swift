/// A reusable data source built from an array of items, a cell reuse identifier and a closure that
/// configures a cell for an item, typed: a table's data source in one line.
///
/// ```swift
/// let photos = ArrayDataSource(items: store.sortedPhotos, cellIdentifier: "PhotoCell") {
///   (cell: PhotoCell, photo: Photo) in cell.configure(for: photo)
/// }
/// photos.attach(to: tableView)   // registers nothing: register PhotoCell with the table yourself
/// ```
///
/// Items may also come in sections. When `Item` is `Identifiable & Equatable`,
/// `setItems(_:animated:)` (or `setSections(_:animated:)`) animates the difference through
/// ListDiff; other items are replaced with ``replaceItems(_:)`` (or ``replaceSections(_:)``), which
/// reloads.
///
/// A path out of range or a dequeued cell of another class than `Cell` is reported as a
/// ``ListDiagnostic`` through ``diagnosticHandler`` and answered with a defined fallback (no
/// item, an unconfigured cell, a ``PlaceholderCell``); it never traps.
@MainActor
public final class ArrayDataSource<Item, Cell: AnyObject> {
  /// The items, one array per section.
  public internal(set) var sections: [[Item]]
  /// The reuse identifier every cell is dequeued with.
  public let cellIdentifier: String
  /// The view this data source serves, once attached; held weakly.
  public private(set) weak var listView: (any ListView)?
  /// Receives every ``ListDiagnostic``.
  ///
  /// Default: printed to standard error.
  public var diagnosticHandler: ListDiagnosticHandler = { DefaultDiagnostics.report($0) }
  /// Past this many changes an animated replacement reloads instead.
  ///
  /// Default: 300.
  public var reloadThreshold = 300

  private let configureCell: @MainActor (Cell, Item) -> Void
  /// Orders the replacements and diffs the large ones off the main actor.
  let updates = UpdateQueue()
  /// What the view holds as its data source; it lives as long as this data source.
  private let connection = ArrayDataSourceConnection<Item, Cell>()

  /// Creates a data source with one section.
  /// - Parameters:
  ///   - items: The items, in display order.
  ///   - cellIdentifier: The reuse identifier to dequeue cells with.
  ///   - configureCell: Configures a cell for an item.
  public convenience init(
    items: [Item], cellIdentifier: String, configureCell: @escaping @MainActor (Cell, Item) -> Void
  ) {
    self.init(sections: [items], cellIdentifier: cellIdentifier, configureCell: configureCell)
  }

  /// Creates a data source with several sections.
  /// - Parameters:
  ///   - sections: The items of each section, in display order.
  ///   - cellIdentifier: The reuse identifier to dequeue cells with.
  ///   - configureCell: Configures a cell for an item.
  public init(
    sections: [[Item]], cellIdentifier: String, configureCell: @escaping @MainActor (Cell, Item) -> Void
  ) {
    self.sections = sections
    self.cellIdentifier = cellIdentifier
    self.configureCell = configureCell
    connection.source = self
  }

  /// The items of a one-section data source, or of every section in order.
  public var items: [Item] { sections.count == 1 ? sections[0] : Array(sections.joined()) }

  /// Becomes the data source of a view and reloads it.
  /// - Parameter listView: The view; held weakly (keep the data source in a property, as with
  ///   UIKit).
  public func attach(to listView: any ListView) {
    self.listView = listView
    listView.dataSource = connection
    listView.reloadData()
  }

  /// The item at a path, or `nil` with a diagnostic when the path is out of range.
  /// - Parameter path: The path.
  /// - Returns: The item, or `nil`.
  /// - Complexity: O(1).
  public func item(at path: ItemPath) -> Item? {
    guard let section = sections[safe: path.section] else {
      report(.sectionOutOfRange(section: path.section, sectionCount: sections.count), in: "item(at:)")
      return nil
    }
    guard let item = section[safe: path.item] else {
      report(.itemOutOfRange(path, itemCount: section.count), in: "item(at:)")
      return nil
    }
    return item
  }

  /// Replaces the items of a one-section data source and reloads the view.
  ///
  /// Items without an identity cannot be animated; when `Item` is `Identifiable & Equatable & Sendable`,
  /// `setItems(_:animated:)` animates the difference instead.
  /// - Parameter items: The new items.
  public func replaceItems(_ items: [Item]) {
    replaceSections([items])
  }

  /// Replaces the sections and reloads the view (see ``replaceItems(_:)``).
  /// - Parameter sections: The new items of each section.
  public func replaceSections(_ sections: [[Item]]) {
    updates.cancelAll()
    self.sections = sections
    listView?.reloadData()
  }

  /// Returns once every replacement asked for so far has reached the view.
  ///
  /// A large animated replacement of `Sendable` items is diffed off the main actor, so
  /// ``sections`` and the view may still show the earlier items right after
  /// `setItems(_:animated:)` returns; await this before reading them.
  public func updatesApplied() async {
    await updates.idle()
  }

  func report(_ kind: ListDiagnostic.Kind, in operation: String) {
    diagnosticHandler(ListDiagnostic(kind, in: operation))
  }

  // MARK: Answers to the view (through ArrayDataSourceConnection)

  /// The number of items in a section; 0 with a diagnostic when out of range.
  package func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    guard let items = sections[safe: section] else {
      report(.sectionOutOfRange(section: section, sectionCount: sections.count), in: "numberOfItemsInSection")
      return 0
    }
    return items.count
  }

  /// Dequeues a cell with ``cellIdentifier`` and configures it for the item.
  package func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    guard let item = item(at: path) else { return PlaceholderCell(reason: "no item at \(path)") }
    let cell: AnyObject
    do throws(ListViewError) {
      cell = try listView.dequeueReusableCell(withIdentifier: cellIdentifier, for: path)
    } catch {
      report(ListDiagnostic.Kind(dequeueFailure: error), in: "cellForItemAt")
      return PlaceholderCell(reason: error.description)
    }
    guard let typed = cell as? Cell else {
      report(
        .wrongCellType(
          identifier: cellIdentifier, expected: String(describing: Cell.self),
          found: String(describing: type(of: cell))),
        in: "cellForItemAt")
      return cell
    }
    configureCell(typed, item)
    return typed
  }
}
