/// A pending edit as its row in the store encodes it.
enum PersistedEdit<Item: Codable & Identifiable>: Codable where Item.ID: Codable {
  case replace(Item)
  case remove(id: Item.ID)
  case insert(Item, at: Point)

  /// Where an insert goes, as `InsertionPoint` says it.
  enum Point: Codable {
    case top
    case bottom
    case before(Item.ID)
  }
}

extension PersistedEdit: Sendable where Item: Sendable, Item.ID: Sendable {}
extension PersistedEdit.Point: Sendable where Item: Sendable, Item.ID: Sendable {}
