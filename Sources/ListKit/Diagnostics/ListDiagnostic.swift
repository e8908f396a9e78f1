/// A problem ListKit noticed and survived: a call for a path that does not exist, a cell of the
/// wrong type, an unregistered identifier, a batch update a view refused.
///
/// ListKit never traps on caller input. It answers with a defined fallback (no rows, a
/// ``PlaceholderCell``, the default height) and reports what happened, where and why through
/// ``TableManager/diagnosticHandler`` or ``ArrayDataSource/diagnosticHandler``, which tests can
/// observe.
public struct ListDiagnostic: Hashable, Sendable {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// A call named a section that is not displayed.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// A call named an item that is not in its section.
    case itemOutOfRange(ItemPath, itemCount: Int)
    /// A dequeued cell is not of the type the configure code expects.
    case wrongCellType(identifier: String, expected: String, found: String)
    /// The view has no registration for a reuse identifier.
    case unregisteredIdentifier(String)
    /// The view refused a batch update, for the rule it breaks; ListKit reloaded instead.
    case batchUpdateRejected(BatchUpdateError)
    /// Two rows of one section, or two sections, shared one identity; later duplicates were left
    /// out of the update. The text names the id and where it was.
    case duplicateIdentifier(String)
    /// A manager (its type name) was released while the view it served (its type name) lives
    /// on: the view has lost its data source and delegate and shows nothing more. Keep the
    /// manager in a property of the view's owner; views hold their data source weakly.
    case managerReleased(manager: String, view: String)
  }

  /// What went wrong.
  public var kind: Kind
  /// The call it happened in, for example `"cellForItemAt"`.
  public var operation: String

  /// Creates a diagnostic.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - operation: The call it happened in.
  package init(_ kind: Kind, in operation: String) {
    self.kind = kind
    self.operation = operation
  }
}

extension ListDiagnostic.Kind {
  /// What a view's refusal to dequeue a cell was: the cause it gave, not a guess.
  /// - Parameter error: The view's error.
  init(dequeueFailure error: ListViewError) {
    switch error {
    case .unregisteredIdentifier(let identifier):
      self = .unregisteredIdentifier(identifier)
    case .pathOutOfRange(let path, _, let itemCount?):
      self = .itemOutOfRange(path, itemCount: itemCount)
    case .pathOutOfRange(let path, let sectionCount, nil):
      self = .sectionOutOfRange(section: path.section, sectionCount: sectionCount)
    }
  }
}

extension ListDiagnostic: CustomStringConvertible {
  /// What went wrong, where and why, in one line.
  public var description: String {
    switch kind {
    case .sectionOutOfRange(let section, let count):
      return "\(operation): section \(section) is out of range (the list shows \(count) sections)"
    case .itemOutOfRange(let path, let count):
      return "\(operation): item \(path.item) is out of range in section \(path.section) "
        + "(it shows \(count) items)"
    case .wrongCellType(let identifier, let expected, let found):
      return "\(operation): the cell dequeued for \"\(identifier)\" is a \(found), expected \(expected); "
        + "register \(expected) for this identifier"
    case .unregisteredIdentifier(let identifier):
      return "\(operation): unable to dequeue a cell with identifier \(identifier) - "
        + "nothing is registered for it"
    case .batchUpdateRejected(let error):
      return "\(operation): the view rejected a batch update, reloaded instead: \(error)"
    case .duplicateIdentifier(let identifier):
      return "\(operation): duplicate identifier \(identifier); the later one was left out"
    case .managerReleased(let manager, let view):
      return "\(operation): the \(manager) serving a \(view) was released while the view lives on; "
        + "the view shows nothing more - keep the \(manager) in a property of the view's owner "
        + "(views hold their data source weakly)"
    }
  }
}

/// Receives diagnostics.
///
/// The default prints them to standard error.
public typealias ListDiagnosticHandler = @MainActor (ListDiagnostic) -> Void

enum DefaultDiagnostics {
  @MainActor static func report(_ diagnostic: ListDiagnostic) {
    var stream = StandardErrorStream()
    print("ListKit: \(diagnostic)", to: &stream)
  }
}
