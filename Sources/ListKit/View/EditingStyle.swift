/// The editing control a row shows, as `UITableViewCell.EditingStyle`.
public enum EditingStyle: Hashable, Sendable, CaseIterable {
  /// No editing control.
  case none
  /// A delete control (swipe-to-delete).
  case delete
  /// An insert control.
  case insert
}
