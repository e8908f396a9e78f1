/// A manager's identity, hashable and sendable.
struct DiffID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // NB: AnyHashable is not Sendable; this one is built only from `any Hashable & Sendable`
  // values (see `init`), so the box holds a Sendable value.
  let base: AnyHashable
  /// The hash, computed once: the diff hashes every identity, and AnyHashable's hashing goes
  /// through dynamic dispatch.
  let hash: Int

  init(_ value: any Hashable & Sendable) {
    base = AnyHashable(value)
    hash = base.hashValue
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  static func == (lhs: DiffID, rhs: DiffID) -> Bool { lhs.hash == rhs.hash && lhs.base == rhs.base }

  var description: String { "\(base)" }
}

/// The identity and content of one row, captured when a snapshot is taken.
struct RowKey: Identifiable, Equatable, Sendable {
  let id: DiffID
  let content: (any Equatable & Sendable)?
  let reloadVersion: Int

  @MainActor init(_ cell: CellManager) {
    id = DiffID(cell.diffIdentifier)
    content = cell.diffContent
    reloadVersion = cell.reloadVersion
  }

  static func == (lhs: RowKey, rhs: RowKey) -> Bool {
    lhs.id == rhs.id && lhs.reloadVersion == rhs.reloadVersion && sameContent(lhs.content, rhs.content)
  }
}

/// The identity and content of one section, captured when a snapshot is taken.
struct SectionKey: Identifiable, Equatable, Sendable {
  let id: DiffID
  let content: (any Equatable & Sendable)?

  @MainActor init(_ section: SectionManager) {
    id = DiffID(section.diffIdentifier)
    content = section.diffContent
  }

  static func == (lhs: SectionKey, rhs: SectionKey) -> Bool {
    lhs.id == rhs.id && sameContent(lhs.content, rhs.content)
  }
}

/// What a table shows, as identities and contents, for diffing.
typealias TableSnapshot = SectionedSnapshot<SectionKey, RowKey>

/// Whether two optional existential contents are equal: same dynamic type and `==`.
func sameContent(_ lhs: (any Equatable & Sendable)?, _ rhs: (any Equatable & Sendable)?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): return true
  case (let lhs?, let rhs?): return isEqual(lhs, rhs)
  default: return false
  }
}

private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: any Equatable) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}
