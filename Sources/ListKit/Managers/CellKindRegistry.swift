/// Remembers each cell manager class's registration, so answering a cell costs a pointer
/// comparison (or one dictionary lookup) instead of building a registration and its type-name
/// string on every call.
@MainActor
enum CellKindRegistry {
  private static var registrations: [ObjectIdentifier: CellRegistration?] = [:]
  // Rows of one kind usually follow each other; remember the last kind asked for.
  private static var lastKind: ObjectIdentifier?
  private static var lastIdentifier: String?

  /// The registration of a cell manager class, computed once.
  static func registration(for kind: CellManager.Type) -> CellRegistration? {
    let key = ObjectIdentifier(kind)
    if let known = registrations[key] { return known }
    let registration = kind.cellRegistration
    registrations[key] = .some(registration)
    return registration
  }

  /// The reuse identifier of a cell manager class's registration, or `nil` without one.
  /// - Complexity: O(1); a pointer comparison when the kind is the one asked for last.
  static func reuseIdentifier(for kind: CellManager.Type) -> String? {
    let key = ObjectIdentifier(kind)
    if key == lastKind { return lastIdentifier }
    let identifier = registration(for: kind)?.reuseIdentifier
    lastKind = key
    lastIdentifier = identifier
    return identifier
  }
}
