import ListKit

extension HeadlessTableView {
  /// The viewport as text, one line per visible header, row and footer, top to bottom.
  ///
  /// A row reads as its cell's ``HeadlessRenderable/renderedText``, or `String(describing:)` of
  /// the cell. A header reads `== title ==` and a footer `-- title --` (a custom header or footer
  /// view is rendered like a cell in place of the title).
  /// - Returns: The lines.
  public func render() -> [String] {
    layoutIfNeeded()
    return layout.elements(from: contentOffset, to: contentOffset + viewportHeight).map { element in
      switch element {
      case .header(let section):
        return "== \(headerViews[section].map(text(of:)) ?? headerTitles[section] ?? "") =="
      case .footer(let section):
        return "-- \(footerViews[section].map(text(of:)) ?? footerTitles[section] ?? "") --"
      case .row(let path, _):
        return cells[path].map(text(of:)) ?? ""
      }
    }
  }

  func text(of object: AnyObject) -> String {
    if let renderable = object as? any HeadlessRenderable { return renderable.renderedText }
    return String(describing: object)
  }
}
