/// Why ``HTTPPagingParameters`` cannot be made: names the server would misread, skipping or
/// repeating pages.
public enum HTTPPagingParametersError: Error, Hashable, Sendable {
  /// The name of `parameter` (`"page"`, `"pageSize"`, `"offset"`, …) is empty.
  case emptyName(parameter: String)
  /// `parameter` (`"page"`, `"offset"` or `"cursor"`) has the same name, `name`, as the size sent
  /// beside it: the request would carry `name` twice and the server would read one value for both.
  case sharedName(String, parameter: String)
}

extension HTTPPagingParametersError: CustomStringConvertible {
  /// What is wrong, where, and why.
  public var description: String {
    switch self {
    case .emptyName(let parameter):
      "HTTPPagingParameters.\(parameter) is empty; a query parameter needs a name"
    case .sharedName(let name, let parameter):
      "HTTPPagingParameters.\(parameter) and the size sent with it are both \"\(name)\"; the server "
        + "would read one value for both and skip or repeat pages"
    }
  }
}
