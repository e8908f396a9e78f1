import Foundation

/// Tells a next- or previous-page link from an opaque cursor, and resolves a relative link.
///
/// A value is a link when it is an absolute `http`/`https` URL, or a reference that can only be
/// read as one: it starts with `/` (`/items?page=2`), `?` (`?page=2`), `./` or `../`. Anything
/// else (`bz0yMA==`, `a90`, `42`, `items?page=2`) is an opaque cursor and is sent back as the
/// cursor parameter unchanged. A link is resolved against the URL that answered, so the loader
/// requests it as it is (on the base URL's origin only).
enum PageLink {
  /// The value as an absolute URL string when it is a link, or unchanged when it is a cursor.
  /// - Parameters:
  ///   - value: A `next` or `previous` value from a body or a header.
  ///   - responseURL: The URL that answered, which relative links are resolved against.
  static func resolve(_ value: String, against responseURL: URL?) -> String {
    guard isRelativeReference(value), let responseURL,
      let resolved = URL(string: value, relativeTo: responseURL)?.absoluteURL
    else { return value }
    return resolved.absoluteString
  }

  /// Whether the value is a relative reference rather than an opaque cursor.
  static func isRelativeReference(_ value: String) -> Bool {
    value.hasPrefix("/") || value.hasPrefix("?") || value.hasPrefix("./") || value.hasPrefix("../")
  }
}
