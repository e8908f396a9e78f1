/// What a paged list does with a loaded item whose id it already holds.
///
/// Servers whose data shifts between two page requests send an item twice (on two pages); the
/// list never holds two entries with one id, whichever policy is chosen.
public enum DuplicateIDPolicy: Hashable, Sendable {
  /// The entry loaded first stays; the later one is dropped.
  case keepFirst
  /// The entry loaded first takes the newest content, in place (its position does not change).
  case replaceWithNewest
}
