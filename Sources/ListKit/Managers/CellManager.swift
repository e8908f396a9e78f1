/// The third level of the manager hierarchy: one row, its cell, and everything a table view asks
/// about that row.
///
/// Subclass it (or ``ModelCellManager``, which adds a typed model and cell) and override only the
/// calls the row answers differently; every method has UIKit's default answer. A
/// ``SectionManager`` forwards each row call to the cell manager of that row.
///
/// Identity for animated updates comes from ``diffIdentifier`` and content from ``diffContent``:
/// a row whose identifier stays and whose content changes is reloaded, not deleted and inserted.
@MainActor
open class CellManager {
  /// The section this row belongs to, once added to one; `nil` after that section is gone.
  public var section: SectionManager? { sectionLink?.section }

  /// The link to the section, shared by all its rows: one weak reference per section instead of
  /// one per row, and a row keeps no memory of a section it was moved out of.
  var sectionLink: SectionLink?

  /// The cell kind of this manager's class (its registration), found once at creation.
  let kind: CellKind

  /// Creates a cell manager.
  public init() {
    kind = CellKindRegistry.kind(for: Self.self)
  }

  // MARK: Identity and cell kind

  /// The identity of this row across updates.
  ///
  /// Default: the manager object itself.
  open var diffIdentifier: any Hashable & Sendable { ObjectIdentifier(self) }

  /// ``diffIdentifier`` as the diff compares it.
  var diffID: DiffID { DiffID(diffIdentifier) }

  /// A count of content changes, for managers that know every change of their content
  /// (``ModelCellManager``); `nil` when ``diffContent`` must be compared.
  var contentVersion: Int? { nil }

  /// The content of this row; when it changes under the same identity, the row is reloaded.
  ///
  /// Default: `nil`, meaning the content never changes.
  open var diffContent: (any Equatable & Sendable)? { nil }

  /// The cell class this row shows, with its reuse identifier.
  ///
  /// ``TableManager`` registers it with the view automatically. Default: `nil` (override
  /// ``listView(_:cellForItemAt:)`` and register yourself).
  open class var cellRegistration: CellRegistration? { nil }

  /// Configures a cell dequeued for this row.
  ///
  /// Default: nothing.
  /// - Parameter cell: The cell, of the registered class.
  open func configure(_ cell: AnyObject) {}

  /// Asks the table manager to reload this row in the next update, after its content changed
  /// in a way ``diffContent`` does not show.
  public func setNeedsReload() {
    reloadVersion &+= 1
    section?.rowContentDidChange(self)
  }

  /// Bumped by ``setNeedsReload()``; part of the row's content for diffing.
  var reloadVersion = 0

  // MARK: Data source

  /// The cell for this row.
  ///
  /// Default: dequeues the registered class and calls ``configure(_:)``.
  open func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    guard let identifier = kind.reuseIdentifier else {
      let reason = "\(Self.self) has no cellRegistration and does not override cellForItemAt"
      report(.unregisteredIdentifier("(none: \(Self.self))"), in: "cellForItemAt")
      return PlaceholderCell(reason: reason)
    }
    do throws(ListViewError) {
      let cell = try listView.dequeueReusableCell(withIdentifier: identifier, for: path)
      configure(cell)
      return cell
    } catch {
      report(ListDiagnostic.Kind(dequeueFailure: error), in: "cellForItemAt")
      return PlaceholderCell(reason: error.description)
    }
  }

  /// Whether the row can be edited.
  ///
  /// Default: `false`.
  open func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool { false }

  /// Whether the row can be reordered.
  ///
  /// Default: `false`.
  open func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool { false }

  /// Something happened to the row that needs no answer: it is about to appear or left the
  /// screen, was highlighted, selected or deselected, is prefetched, or the user committed an
  /// edit (see ``ItemEvent``).
  ///
  /// Default: nothing (a section usually removes a row whose delete was committed).
  /// - Parameters:
  ///   - listView: The view.
  ///   - event: What happened.
  ///   - path: The row's path.
  open func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {}

  // MARK: Delegate

  /// The row's height, or `nil` for the view's default.
  ///
  /// Default: `nil`.
  open func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { nil }

  /// An estimate of the row's height, or `nil`.
  ///
  /// Default: `nil`.
  open func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? { nil }

  /// Whether touching the row highlights it.
  ///
  /// Default: `true`.
  open func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool { true }

  /// The path to select instead, or `nil` to refuse.
  ///
  /// Default: `path`.
  open func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? { path }

  /// The row's editing control.
  ///
  /// Default: ``EditingStyle/delete``, as UIKit.
  open func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle {
    .delete
  }

  /// The buttons of a swipe from the leading edge.
  ///
  /// Default: `nil`.
  open func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  { nil }

  /// The buttons of a swipe from the trailing edge.
  ///
  /// Default: `nil`.
  open func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  { nil }

  // MARK: Diagnostics

  /// Reports a diagnostic through the table manager this row belongs to.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - operation: The call it happened in.
  public func report(_ kind: ListDiagnostic.Kind, in operation: String) {
    let diagnostic = ListDiagnostic(kind, in: operation)
    if let table = section?.table {
      table.diagnosticHandler(diagnostic)
    } else {
      DefaultDiagnostics.report(diagnostic)
    }
  }
}
