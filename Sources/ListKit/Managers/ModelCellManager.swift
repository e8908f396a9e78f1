/// A cell manager for one model shown in one cell class: the common case, in one line.
///
/// Subclass it with your model and cell types and override ``configure(cell:)``:
///
/// ```swift
/// final class OrderItemRow: ModelCellManager<OrderItem, OrderItemCell> {
///   override func configure(cell: OrderItemCell) { cell.title = model.name }
/// }
/// section.cells = order.items.map(OrderItemRow.init)
/// ```
///
/// Identity is the model's `id` (scoped to the manager class, so two row kinds never collide)
/// and content is the model itself: changing a model reloads only its row. The cell class is
/// registered with the view automatically. A dequeued cell of another class is reported as
/// ``ListDiagnostic/Kind/wrongCellType(identifier:expected:found:)`` and left unconfigured.
open class ModelCellManager<Model: Identifiable & Equatable & Sendable, Cell: ListCell>: CellManager
where Model.ID: Sendable {
  /// The model this row shows.
  ///
  /// Setting a different value reloads the row in the next update.
  public var model: Model {
    didSet {
      if model != oldValue {
        modelVersion &+= 1
        section?.rowContentDidChange(self)
      }
    }
  }

  /// Creates a row for a model.
  /// - Parameter model: The model to show.
  public required init(_ model: Model) {
    self.model = model
    super.init()
  }

  /// The model's id, scoped to this manager class.
  ///
  /// Final: a ``ModelCellManager``'s identity is its model's.
  public final override var diffIdentifier: any Hashable & Sendable {
    ScopedIdentifier(kind: ObjectIdentifier(Self.self), id: model.id)
  }

  override var diffID: DiffID { DiffID(kind: ObjectIdentifier(Self.self), model.id) }

  /// Bumped whenever ``model`` changes.
  private var modelVersion = 0

  override var contentVersion: Int? { modelVersion }

  /// The model.
  open override var diffContent: (any Equatable & Sendable)? { model }

  /// `Cell`, registered under its type name.
  open override class var cellRegistration: CellRegistration? { CellRegistration(Cell.self) }

  /// Configures a dequeued cell of the expected class.
  ///
  /// Default: nothing.
  /// - Parameter cell: The cell.
  open func configure(cell: Cell) {}

  /// Checks the cell's class, then calls ``configure(cell:)``.
  /// - Parameter cell: The dequeued cell.
  public final override func configure(_ cell: AnyObject) {
    guard let typed = cell as? Cell else {
      report(
        .wrongCellType(
          identifier: kind.reuseIdentifier ?? "?",
          expected: String(describing: Cell.self),
          found: String(describing: type(of: cell))),
        in: "cellForItemAt")
      return
    }
    configure(cell: typed)
  }
}

/// A model id made unique across manager classes.
struct ScopedIdentifier<ID: Hashable & Sendable>: Hashable, Sendable {
  var kind: ObjectIdentifier
  var id: ID
}
