/// A manager's identity, hashable and sendable, with fast paths for the common id types.
struct DiffID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // AnyHashable is not Sendable; `other` is built only from `any Hashable & Sendable` values
  // (see the initializers), so the box holds a Sendable value.
  enum Value: Hashable {
    case int(Int)
    case string(String)
    case other(AnyHashable)
  }

  /// The manager class that scopes the id (``ModelCellManager``), or `nil`.
  let kind: ObjectIdentifier?
  let value: Value
  /// The section that scopes a row's id (a number the table gives each section identity), or 0.
  let scope: Int
  /// The hash, computed once: the diff hashes every identity.
  let hash: Int

  init(_ value: any Hashable & Sendable) {
    self.init(kind: nil, value)
  }

  /// An id scoped to a manager class.
  ///
  /// Ints and strings are stored unboxed: comparing two
  /// AnyHashable boxes of a generic type looks its metadata up at run time on every `==`.
  init<ID: Hashable & Sendable>(kind: ObjectIdentifier?, _ id: ID) {
    self.kind = kind
    if let int = id as? Int {
      value = .int(int)
    } else if let string = id as? String {
      value = .string(string)
    } else {
      value = .other(AnyHashable(id))
    }
    var hasher = Hasher()
    hasher.combine(kind)
    hasher.combine(value)
    hash = hasher.finalize()
    scope = 0
  }

  private init(kind: ObjectIdentifier?, value: Value, scope: Int, hash: Int) {
    self.kind = kind
    self.value = value
    self.scope = scope
    self.hash = hash
  }

  /// This id within the section numbered `scope`: rows are matched only within one section.
  ///
  /// Mixes the scope into the hash already computed instead of hashing the id again (the
  /// dictionaries that use it hash this value once more with their own seed).
  func scoped(to scope: Int) -> DiffID {
    DiffID(kind: kind, value: value, scope: scope, hash: hash ^ (scope &* -7_046_029_254_386_353_131))
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  static func == (lhs: DiffID, rhs: DiffID) -> Bool {
    lhs.hash == rhs.hash && lhs.scope == rhs.scope && lhs.kind == rhs.kind && lhs.value == rhs.value
  }

  var description: String {
    switch value {
    case .int(let id): "\(id)"
    case .string(let id): id
    case .other(let id): "\(id)"
    }
  }
}

/// The identity and content of one row, captured when a snapshot is taken.
struct RowKey: Identifiable, Equatable, Sendable {
  let id: DiffID
  let content: (any Equatable & Sendable)?
  let reloadVersion: Int
  /// The manager, and its content version when it counts its content changes.
  ///
  /// A row whose manager and version are unchanged has unchanged content, with no comparison.
  /// Held strongly, so a new manager can never reuse the address of an old one.
  let manager: CellManager
  let contentVersion: Int?

  /// Captures a row of the section numbered `scope` (see `TableManager.rowScope(for:)`).
  @MainActor init(_ cell: CellManager, scope: Int) {
    id = cell.diffID.scoped(to: scope)
    content = cell.diffContent
    reloadVersion = cell.reloadVersion
    manager = cell
    contentVersion = cell.contentVersion
  }

  private init(_ key: RowKey, reloadVersion: Int) {
    (id, content, manager, contentVersion) = (key.id, key.content, key.manager, key.contentVersion)
    self.reloadVersion = reloadVersion
  }

  /// Whether the row's content is compared to find its changes: it has a content and no version
  /// that counts its changes.
  var isCompared: Bool { contentVersion == nil && content != nil }

  /// This key, unequal to every key of its row: the view shows the row with other content than
  /// the key's, so the next update must reload it.
  ///
  /// No row has the reload version `Int.min`: a row counts its reloads up from 0.
  var outdated: RowKey { RowKey(self, reloadVersion: .min) }

  static func == (lhs: RowKey, rhs: RowKey) -> Bool {
    guard lhs.id == rhs.id, lhs.reloadVersion == rhs.reloadVersion else { return false }
    if lhs.manager === rhs.manager, let version = lhs.contentVersion, version == rhs.contentVersion {
      return true
    }
    return sameContent(lhs.content, rhs.content)
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

private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: any Equatable & Sendable) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}
