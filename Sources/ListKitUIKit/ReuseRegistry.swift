#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Registers, dequeues and stands in for the cells of one UIKit view, for both adapters.
  ///
  /// It knows which reuse identifiers name UIKit cell classes registered with the view and which
  /// name cells ListKit makes itself from their registration, and which UIKit cell shows a core
  /// cell.
  @MainActor
  struct ReuseRegistry<View: CellReusingView, StatusCell: PagingStatusRowCell> {
    /// The view the cells are registered with and dequeued from.
    let view: View
    private let fallbackReuseIdentifier: String
    private var viewIdentifiers: Set<String> = []
    private var registrations: [String: CellRegistration] = [:]

    /// Creates the registry of a view and registers the status-row and fallback cells with it.
    /// - Parameters:
    ///   - view: The view's cell calls.
    ///   - fallbackReuseIdentifier: The identifier of the plain cell shown for a core cell that
    ///     is not one of the view's.
    init(view: View, fallbackReuseIdentifier: String) {
      self.view = view
      self.fallbackReuseIdentifier = fallbackReuseIdentifier
      view.register(StatusCell.self, forCellWithReuseIdentifier: StatusCell.reuseIdentifier)
      view.register(View.Cell.self, forCellWithReuseIdentifier: fallbackReuseIdentifier)
    }

    /// Records a registration, and registers its class with the view when it is one of the
    /// view's cells; the latest registration for an identifier wins.
    /// - Parameter registration: The registration.
    mutating func register(_ registration: CellRegistration) {
      let identifier = registration.reuseIdentifier
      guard let cellClass = registration.cellType as? View.Cell.Type else {
        registrations[identifier] = registration
        viewIdentifiers.remove(identifier)
        return
      }
      viewIdentifiers.insert(identifier)
      registrations[identifier] = nil
      view.register(cellClass, forCellWithReuseIdentifier: identifier)
    }

    /// Dequeues a cell for a path: from the view for a UIKit class, made from its registration
    /// for any other class.
    /// - Parameters:
    ///   - identifier: A reuse identifier.
    ///   - path: The path the cell will be shown at.
    /// - Returns: The cell.
    /// - Throws: `ListViewError/unregisteredIdentifier(_:)` when nothing is registered for the
    ///   identifier, instead of UIKit's abort.
    func dequeueCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError) -> AnyObject
    {
      if viewIdentifiers.contains(identifier) {
        return view.dequeueReusableCell(withReuseIdentifier: identifier, for: IndexPath(path))
      }
      if let registration = registrations[identifier] { return registration.make() }
      guard let cell = view.dequeueUnregisteredCell(withReuseIdentifier: identifier) else {
        throw .unregisteredIdentifier(identifier)
      }
      return cell
    }

    /// The view cell that shows what the core answered for a path.
    ///
    /// The core's cell itself when it is one of the view's; the status-row cell for a
    /// `PagingStatusCell`; otherwise (a `PlaceholderCell` after a reported error, say) the plain
    /// fallback cell, because UIKit needs a cell for every path.
    /// - Parameters:
    ///   - cell: The core's cell, or `nil` without a data source.
    ///   - indexPath: The path.
    /// - Returns: The cell to give UIKit.
    func viewCell(showing cell: AnyObject?, at indexPath: IndexPath) -> View.Cell {
      if let cell = cell as? View.Cell {
        return cell
      }
      if let statusCell = cell as? PagingStatusCell {
        let shown = view.dequeueReusableCell(withReuseIdentifier: StatusCell.reuseIdentifier, for: indexPath)
        (shown as? StatusCell)?.show(statusCell)
        return shown
      }
      return view.dequeueReusableCell(withReuseIdentifier: fallbackReuseIdentifier, for: indexPath)
    }
  }
#endif
