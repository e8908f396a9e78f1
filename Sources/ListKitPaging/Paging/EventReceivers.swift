/// Everything a ``PagedList`` tells of its events, in the order it tells them: the one pipeline
/// its sections, its callbacks and its ``PagedList/events()`` streams all hang on.
///
/// The views showing the list (its sections) come first, so a callback that reads a table sees
/// its rows already updated; then the app's receivers (the callbacks, then each stream), in the
/// order they were added. Each receiver lives as long as its owner, held weakly.
@MainActor
struct EventReceivers {
  /// Who hears an event first, and which events.
  enum Audience {
    /// A view showing the list: it hears first, and also hears of the row above the items,
    /// which the list's status leaves out.
    case view
    /// The app's callbacks and streams.
    case app
  }

  /// One receiver of the list's events.
  struct Receiver {
    let id: Int
    let audience: Audience
    weak var owner: AnyObject?
    let receive: @MainActor (PagedListEvent) -> Void
    /// Asked to report the rows on screen now, just before a refresh in place lands.
    let reportScreen: (@MainActor () -> Void)?
  }

  /// The receivers in delivery order, released owners included until the next prune.
  private(set) var all: [Receiver] = []
  private var nextID = 0

  /// Adds a receiver after those of its audience (a view's before every app receiver), dropping
  /// the receivers whose owner is gone.
  /// - Returns: The receiver's id, for ``remove(_:)``.
  /// - Complexity: O(n) for the n receivers held.
  @discardableResult
  mutating func add(
    _ audience: Audience, owner: AnyObject, reportScreen: (@MainActor () -> Void)? = nil,
    receive: @escaping @MainActor (PagedListEvent) -> Void
  ) -> Int {
    prune()
    let receiver = Receiver(
      id: nextID, audience: audience, owner: owner, receive: receive, reportScreen: reportScreen)
    nextID += 1
    switch audience {
    case .app: all.append(receiver)
    case .view: all.insert(receiver, at: all.firstIndex { $0.audience == .app } ?? all.endIndex)
    }
    return receiver.id
  }

  /// Removes the receiver with this id (a stream whose consumer stopped).
  mutating func remove(_ id: Int) {
    all.removeAll { $0.id == id }
  }

  /// Drops the receivers whose owner is gone.
  mutating func prune() {
    all.removeAll { $0.owner == nil }
  }
}
