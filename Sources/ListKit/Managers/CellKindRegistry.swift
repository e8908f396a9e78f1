/// What the table needs to know about one cell manager class, computed once per class.
final class CellKind: Sendable {
  let registration: CellRegistration?

  init(registration: CellRegistration?) { self.registration = registration }

  var reuseIdentifier: String? { registration?.reuseIdentifier }
}

/// Remembers each cell manager class's registration, so that a row finds its reuse identifier
/// through a constant reference instead of building a registration (and its type-name string),
/// or looking one up, on every call.
@MainActor
enum CellKindRegistry {
  private static var kinds: [ObjectIdentifier: CellKind] = [:]

  /// The kind of a cell manager class; computed on first use.
  static func kind(for managerClass: CellManager.Type) -> CellKind {
    let key = ObjectIdentifier(managerClass)
    if let known = kinds[key] { return known }
    let kind = CellKind(registration: managerClass.cellRegistration)
    kinds[key] = kind
    return kind
  }
}
