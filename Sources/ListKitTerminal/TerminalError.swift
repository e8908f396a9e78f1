/// Why a ``Terminal`` could not take over the screen.
public enum TerminalError: Error, Hashable, Sendable {
  /// The file descriptor is not a terminal (input or output is redirected).
  case notATerminal(fileDescriptor: Int32)
  /// A system call failed.
  case systemCallFailed(name: String, errno: Int32)
}

extension TerminalError: CustomStringConvertible {
  /// A one-line explanation.
  public var description: String {
    switch self {
    case .notATerminal(let descriptor):
      "file descriptor \(descriptor) is not a terminal (run in a terminal, or use --dump)"
    case .systemCallFailed(let name, let errno):
      "\(name) failed with errno \(errno)"
    }
  }
}
