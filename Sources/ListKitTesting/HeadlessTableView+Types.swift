import ListKit

extension HeadlessTableView {
  /// How far ahead of the viewport, in the scroll direction, rows are prefetched.
  public enum PrefetchWindow: Hashable, Sendable {
    /// This many rows past the last (or before the first) visible row.
    case rows(Int)
    /// The rows within this many points past the bottom (or above the top) of the viewport.
    case points(Double)
  }

  /// Where a row ends up in the viewport after ``HeadlessTableView/scrollToItem(at:at:)``, as
  /// `UITableView.ScrollPosition`.
  public enum ScrollPosition: Hashable, Sendable {
    /// The row's top at the viewport's top.
    case top
    /// The row centred in the viewport.
    case middle
    /// The row's bottom at the viewport's bottom.
    case bottom
    /// The least scrolling that shows the whole row (none when it is already visible).
    case none
  }

  /// Where a row that was on screen before a batch update went.
  public struct RowFate: Hashable, Sendable {
    /// The row's path before the update.
    public let from: ItemPath
    /// The row's path after the update, or `nil` when it (or its section) was deleted or its
    /// section reloaded.
    public let to: ItemPath?
    /// Whether the row was reloaded (it got a new cell).
    public let isReloaded: Bool

    /// Creates a fate.
    /// - Parameters:
    ///   - from: The path before the update.
    ///   - to: The path after the update, or `nil` when deleted.
    ///   - isReloaded: Whether the row was reloaded.
    public init(from: ItemPath, to: ItemPath?, isReloaded: Bool) {
      self.from = from
      self.to = to
      self.isReloaded = isReloaded
    }
  }
}
