/// A command line `listkit-demo` does not accept.
package enum DemoOptionsError: Error, Hashable, Sendable {
  /// A flag the demo does not have.
  case unknownOption(String)
  /// A word that is not a flag.
  case unexpectedArgument(String)
  /// A flag given twice.
  case repeatedOption(String)
  /// A flag that needs a value came last, or before another flag.
  case missingValue(option: String)
  /// A flag without a value was given one (`--dump=yes`).
  case unexpectedValue(option: String)
  /// A value out of shape or out of range.
  case invalidValue(option: String, value: String, expected: String)
  /// Two flags that contradict each other.
  case conflictingOptions(String, String)
  /// A flag that only means something with another one.
  case requiresOption(String, requires: String)
}

extension DemoOptionsError: CustomStringConvertible {
  /// One line, naming the flag and what was expected.
  package var description: String {
    switch self {
    case .unknownOption(let name): "unknown option '\(name)'"
    case .unexpectedArgument(let argument): "unexpected argument '\(argument)' (options start with --)"
    case .repeatedOption(let name): "\(name) given more than once"
    case .missingValue(let name): "\(name) needs a value"
    case .unexpectedValue(let name): "\(name) takes no value"
    case .invalidValue(let name, let value, let expected): "\(name): '\(value)' is not \(expected)"
    case .conflictingOptions(let first, let second): "\(first) and \(second) cannot be used together"
    case .requiresOption(let name, let requires): "\(name) needs \(requires)"
    }
  }
}
