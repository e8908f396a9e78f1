/// When ``StoredPageLoader/open(_:refreshOnLaunch:)`` asks the network for a fresh first page
/// after showing the stored rows.
public enum StoreRefreshPolicy: Hashable, Sendable {
  /// At every launch.
  case always
  /// Never at launch: the list shows what is stored until the user refreshes (a list that was
  /// never filled still loads its first page).
  case never
  /// When the last successful refresh is at least this old by the loader's clock, or there was
  /// none.
  case ifOlderThan(Duration)
}
