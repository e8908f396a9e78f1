/// Calls `body` with `element` without retaining it.
///
/// The caller keeps the element alive for the call some other way: ``SectionManager`` and
/// ``TableManager`` count the forwarded calls in progress and, while any is, keep every displayed
/// array they replace (see `ForwardingGuard`). That saves an atomic retain and release of a row
/// object, usually cold in cache, on every forwarded call.
///
/// Nonisolated on purpose: a main-actor closure handed to the standard library's
/// closure-taking functions gets a runtime executor check on every call, which costs more than
/// the retain this saves. The closure given here is formed in a main-actor method and is called
/// synchronously, on that actor.
/// - Complexity: O(1).
@inline(__always)
nonisolated func withUnretained<Element: AnyObject, Result>(
  _ element: Unmanaged<Element>, _ body: (Element) -> Result
) -> Result {
  element._withUnsafeGuaranteedRef(body)
}

/// Keeps the arrays a manager replaces while calls it forwarded are still running.
///
/// A forwarded call can change the table (a row's `didSelect` edits a model and calls
/// `update()`), which replaces the displayed arrays, possibly freeing the very manager whose
/// method is running. While `depth` is above zero the replaced arrays are kept here, and they are
/// released when the outermost forwarded call returns.
struct ForwardingGuard<Element: AnyObject> {
  /// Forwarded calls in progress (they nest).
  var depth = 0
  /// Arrays replaced while calls were in progress.
  var retired: [[Element]] = []

  /// Keeps `array` if a forwarded call is running.
  mutating func retire(_ array: [Element]) {
    if depth > 0 { retired.append(array) }
  }

  /// Ends one forwarded call; the outermost hands back what was kept, for the caller to release.
  ///
  /// Releasing can run deinitializers, which may call into the manager that owns this guard, so
  /// the arrays are released by the caller after this mutation ends, not inside it.
  @inline(__always)
  mutating func end() -> [[Element]]? {
    depth &-= 1
    guard depth == 0, !retired.isEmpty else { return nil }
    let released = retired
    retired = []
    return released
  }
}
