/// An invariant of a part of the paging core that does not hold: what `checkInvariants()` throws
/// in tests and debugging, naming the part and the rule.
package struct PagingInvariantViolation: Error, CustomStringConvertible {
  /// The part and the rule broken.
  package let description: String

  /// Throws a violation described by `rule` unless `holds`.
  static func check(_ holds: Bool, _ rule: @autoclosure () -> String) throws(PagingInvariantViolation) {
    if !holds { throw PagingInvariantViolation(description: rule()) }
  }
}
