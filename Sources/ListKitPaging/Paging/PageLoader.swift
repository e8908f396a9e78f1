/// Loads one page of items: the network calls kept out of the view controller.
///
/// A loader is a `Sendable` service, called off the main actor; ``PagedList`` decides what to
/// ask for and when, so a loader only turns a ``PageRequest`` into a ``Page``.
/// `ListKitHTTP.HTTPPageLoader` is one for JSON APIs; ``ClosurePageLoader`` wraps a closure.
public protocol PageLoader<Item>: Sendable {
  /// The type of the items.
  associatedtype Item: Sendable

  /// Loads the page a request describes.
  /// - Parameter request: Where the page starts, and the app's context (for example the token).
  /// - Returns: The page, with whether more follow.
  /// - Throws: Whatever the loader fails with; ``PagedList`` reports it and offers a retry.
  ///   Cancellation of the calling task should end the load with `CancellationError`.
  func loadPage(_ request: PageRequest) async throws -> Page<Item>
}

/// A ``PageLoader`` made from a closure, for one-off use and tests.
public struct ClosurePageLoader<Item: Sendable>: PageLoader {
  private let load: @Sendable (PageRequest) async throws -> Page<Item>

  /// Creates a loader that calls `load` for every request.
  /// - Parameter load: Turns a request into a page.
  public init(_ load: @escaping @Sendable (PageRequest) async throws -> Page<Item>) {
    self.load = load
  }

  /// Calls the closure.
  /// - Parameter request: The request.
  /// - Returns: What the closure returns.
  /// - Throws: What the closure throws.
  public func loadPage(_ request: PageRequest) async throws -> Page<Item> {
    try await load(request)
  }
}
