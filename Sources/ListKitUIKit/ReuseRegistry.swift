#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Which reuse identifiers name UIKit cell classes registered with the view, and which name
  /// cells ListKit makes itself from their registration: the bookkeeping both adapters share.
  struct ReuseRegistry {
    /// Where a dequeued cell comes from.
    enum Source {
      /// The view dequeues it (a UIKit cell class registered with the view).
      case view
      /// ListKit makes it from the registration (any other class).
      case registration(CellRegistration)
      /// Nothing was registered through the adapter under the identifier.
      case unknown
    }

    private var viewIdentifiers: Set<String> = []
    private var registrations: [String: CellRegistration] = [:]

    /// Records a registration; the latest one for an identifier wins.
    /// - Parameters:
    ///   - registration: The registration.
    ///   - viewCellType: The view's cell base class (`UITableViewCell` or `UICollectionViewCell`).
    /// - Returns: The class to register with the view, or `nil` when ListKit makes the cells.
    mutating func record<ViewCell: AnyObject>(
      _ registration: CellRegistration, viewCellType: ViewCell.Type
    ) -> ViewCell.Type? {
      let identifier = registration.reuseIdentifier
      guard let cellClass = registration.cellType as? ViewCell.Type else {
        registrations[identifier] = registration
        viewIdentifiers.remove(identifier)
        return nil
      }
      viewIdentifiers.insert(identifier)
      registrations[identifier] = nil
      return cellClass
    }

    /// Where the cells of an identifier come from.
    /// - Parameter identifier: A reuse identifier.
    /// - Returns: The view, a registration, or unknown.
    func source(of identifier: String) -> Source {
      if viewIdentifiers.contains(identifier) { return .view }
      if let registration = registrations[identifier] { return .registration(registration) }
      return .unknown
    }
  }
#endif
