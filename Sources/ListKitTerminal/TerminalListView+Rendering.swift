import ListKit

extension TerminalListView {
  /// Draws the rows on screen into a buffer of exactly ``height`` lines, each clipped to
  /// ``width`` columns.
  ///
  /// Runs the layout pass first, so this is where cells are asked for. Items that are not
  /// ``TerminalCell``s show their type name.
  /// - Returns: The screen.
  /// - Complexity: O(log n + k) for k rows on screen, plus the cells' own rendering.
  public func render() -> ScreenBuffer {
    layoutIfNeeded()
    var lines: [ScreenBuffer.Line] = []
    lines.reserveCapacity(height)
    for index in layout.visibleEntryIndexes(top: contentOffset, height: height) {
      let entry = layout.entries[index]
      let (content, style) = content(of: entry.kind)
      let first = max(0, contentOffset - entry.top)
      let last = min(entry.height, contentOffset + height - entry.top)
      for line in first..<max(first, last) {
        lines.append(ScreenBuffer.Line(line < content.count ? content[line] : "", style: style))
      }
    }
    while lines.count < height { lines.append(ScreenBuffer.Line("")) }
    return ScreenBuffer(width: width, lines: lines)
  }

  private func content(of kind: ListLayout.Kind) -> ([String], ScreenBuffer.Style) {
    switch kind {
    case .header(let section):
      if let view = delegate?.listView(self, viewForHeaderInSection: section) as? any TerminalCell {
        return (view.render(width: width), .header)
      }
      return (dataSource?.listView(self, titleForHeaderInSection: section).map { [$0] } ?? [], .header)
    case .footer(let section):
      if let view = delegate?.listView(self, viewForFooterInSection: section) as? any TerminalCell {
        return (view.render(width: width), .footer)
      }
      return (dataSource?.listView(self, titleForFooterInSection: section).map { [$0] } ?? [], .footer)
    case .item(let path):
      let style: ScreenBuffer.Style =
        path == highlightedPath ? .highlighted : path == selectedPath ? .selected : .plain
      guard let cell = visibleCells[path] else { return ([], style) }
      if let cell = cell as? any TerminalCell { return (cell.render(width: width), style) }
      return (["\(type(of: cell))"], style)
    }
  }
}
