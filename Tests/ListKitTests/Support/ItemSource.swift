import ListKit

/// A server of the items `0..<count` in every paging style.
///
/// It pages by index, by offset, and by cursors that are the offset of the page's first (or, for
/// `cursorBefore`, one past its last) item as text. Positions it cannot read answer an empty page.
struct ItemSource {
  let count: Int

  func page(for request: PageRequest) -> Page<TestItem> {
    let start: Int
    let end: Int
    switch request.position {
    case .page(let index, let size):
      start = index * size
      end = start + size
    case .offset(let offset, let limit):
      start = offset
      end = offset + limit
    case .cursor(let cursor, let limit):
      start = cursor.flatMap { Int($0) } ?? 0
      end = start + limit
    case .cursorBefore(let cursor, let limit):
      end = Int(cursor) ?? 0
      start = end - limit
    case .item:
      return Page(items: [], hasMore: false)
    }
    let range = max(0, start)..<min(count, max(0, end))
    return Page(
      items: testItems(range),
      hasMore: (request.direction == .previousPage) ? range.lowerBound > 0 : range.upperBound < count,
      nextCursor: range.upperBound < count ? String(range.upperBound) : nil,
      previousCursor: range.lowerBound > 0 ? String(range.lowerBound) : nil)
  }
}
