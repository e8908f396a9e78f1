/// The links of an RFC 8288 `Link` header, for example GitHub's
/// `<https://api.github.com/…&page=2>; rel="next", <…&page=5>; rel="last"`.
///
/// Parsing is lenient where servers vary (spacing around `;`, `,` and `=`, quoted or bare
/// values, upper-case parameter names, several relation types in one `rel`, commas inside quoted
/// values) and never fails: a malformed link is skipped up to the next top-level comma.
struct LinkHeader: Hashable, Sendable {
  /// One link: its target and parameters (names lower-cased; the first occurrence wins, as the
  /// RFC asks for `rel`).
  struct Link: Hashable, Sendable {
    var target: String
    var parameters: [String: String]

    /// The relation types of `rel`, lower-cased.
    var relations: [String] {
      (parameters["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    }
  }

  var links: [Link]

  /// The target of the first link whose relation types include `relation`.
  func target(forRelation relation: String) -> String? {
    let relation = relation.lowercased()
    return links.first { $0.relations.contains(relation) }?.target
  }

  /// Parses a header value.
  /// - Complexity: O(n) in the length of the value.
  init(parsing value: String) {
    var scanner = Scanner(Array(value.unicodeScalars))
    var links: [Link] = []
    while !scanner.isAtEnd {
      scanner.skip { $0 == "," || Scanner.isSpace($0) }
      if scanner.isAtEnd { break }
      if let link = scanner.link() {
        links.append(link)
      } else {
        scanner.skipPastTopLevelComma()
      }
    }
    self.links = links
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n"
    }

    mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
      while let scalar = current, predicate(scalar) { index += 1 }
    }

    mutating func skipSpace() { skip(while: Self.isSpace) }

    /// Reads `<target> *( ; param )`, stopping before the `,` that ends the link.
    mutating func link() -> Link? {
      guard current == "<" else { return nil }
      index += 1
      let start = index
      skip { $0 != ">" }
      guard current == ">" else { return nil }
      let target = String(String.UnicodeScalarView(scalars[start..<index]))
        .trimmingSpaces()
      index += 1
      var parameters: [String: String] = [:]
      while true {
        skipSpace()
        guard current == ";" else { break }
        index += 1
        skipSpace()
        let nameStart = index
        skip { $0 != "=" && $0 != ";" && $0 != "," && !Self.isSpace($0) }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
        skipSpace()
        var value = ""
        if current == "=" {
          index += 1
          skipSpace()
          value = current == "\"" ? quotedString() : token()
        }
        if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
      }
      skipSpace()
      guard isAtEnd || current == "," else { return nil }
      return Link(target: target, parameters: parameters)
    }

    mutating func token() -> String {
      let start = index
      skip { $0 != ";" && $0 != "," && !Self.isSpace($0) }
      return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    /// Reads a quoted-string, undoing backslash escapes; an unterminated one runs to the end.
    mutating func quotedString() -> String {
      index += 1
      var value = String.UnicodeScalarView()
      while let scalar = current {
        index += 1
        if scalar == "\"" { break }
        if scalar == "\\", let escaped = current {
          index += 1
          value.append(escaped)
        } else {
          value.append(scalar)
        }
      }
      return String(value)
    }

    /// Skips to just after the next comma outside `<…>` and quotes.
    mutating func skipPastTopLevelComma() {
      var inQuotes = false
      var inBrackets = false
      while let scalar = current {
        index += 1
        switch scalar {
        case "\"" where !inBrackets: inQuotes.toggle()
        case "\\" where inQuotes: if !isAtEnd { index += 1 }
        case "<" where !inQuotes: inBrackets = true
        case ">" where !inQuotes: inBrackets = false
        case "," where !inQuotes && !inBrackets: return
        default: break
        }
      }
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
