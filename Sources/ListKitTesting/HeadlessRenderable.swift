/// A cell (or header/footer view) that tells ``HeadlessTableView/render()`` how it reads.
///
/// Cells that do not conform render as `String(describing:)`.
@MainActor
public protocol HeadlessRenderable: AnyObject {
  /// The text of the cell, on one line.
  var renderedText: String { get }
}
