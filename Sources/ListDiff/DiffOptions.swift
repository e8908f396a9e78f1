/// Settings for ``SectionedSnapshot/difference(from:options:)``.
public struct DiffOptions: Hashable, Sendable {
  /// The change count past which the result recommends reloading the whole list instead of animating.
  ///
  /// When a changeset holds more than this many changes (see ``Changeset/changeCount``), its
  /// ``Changeset/isReloadRecommended`` is `true`. `nil`, the default, never recommends a reload.
  /// Libraries commonly fall back to `reloadData()` past 100 to 300 changes.
  public var reloadThreshold: Int?

  /// Creates options.
  /// - Parameter reloadThreshold: The change count past which a full reload is recommended,
  ///   or `nil` to always animate.
  public init(reloadThreshold: Int? = nil) {
    self.reloadThreshold = reloadThreshold
  }
}
