import ListKit

extension PagingStatusCell: HeadlessRenderable {
  /// The status text in brackets, for example `[No more data]`.
  public var renderedText: String { "[\(text)]" }
}
