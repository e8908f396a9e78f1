import Foundation

/// The command line of `listkit-demo`, parsed.
///
/// Parsing is by hand (the package has no dependencies) and strict: an unknown flag, a missing
/// or malformed value, or two flags that contradict each other is a ``DemoOptionsError`` whose
/// description is one line. Values follow the flag as `--flag value` or `--flag=value`.
package struct DemoOptions: Hashable, Sendable {
  /// How pages are asked for.
  package enum PaginationStyle: String, Hashable, Sendable, CaseIterable {
    /// Page number and page size.
    case page
    /// Offset and limit.
    case offset
    /// An opaque cursor from the previous page.
    case cursor
  }

  /// How long each page takes to load (`--latency`); default 300 ms.
  package var latency: Duration = .milliseconds(300)
  /// The probability, from 0 to 1, that a page request fails (`--fail-rate`); default 0.
  package var failRate = 0.0
  /// Items per page (`--page-size`); default 20.
  package var pageSize = 20
  /// Items in the built-in data set (`--count`; `--empty` makes it 0); default 237.
  ///
  /// 237 is not a multiple of the default page size, so the last page is a partial one.
  package var count = 237
  /// A JSON API to load from instead of the built-in data set (`--url`).
  package var url: URL?
  /// How pages are asked for (`--style`); default ``PaginationStyle/page``.
  package var style = PaginationStyle.page
  /// The user token sent with every request (`--token`).
  package var token: String?
  /// Where the first page is cached (`--cache-dir`); `nil` for the default place.
  package var cacheDirectory: String?
  /// Whether the first page is cached at all (`--no-cache` turns it off); default `true`.
  package var usesCache = true
  /// Whether to print the rendered screen instead of running interactively (`--dump`).
  package var dump = false
  /// How many pages `--dump` loads (`--pages`); default 1.
  package var pages = 1
  /// The width of the `--dump` screen in columns (`--width`); default 80.
  package var width = 80
  /// The seed of the data set and of the injected failures (`--seed`).
  package var seed = PhotoDataSet.defaultSeed
  /// Whether to show the list like a chat (`--chat`): it opens at the newest (last) item, at
  /// the bottom, and older pages load above when you reach the top without moving the screen.
  package var chat = false
  /// The id of the photo to open the list at (`--start-at`); pages load both ways from it.
  package var startAt: Int?
  /// `--store DIR`: the folder of the SQLite database that keeps every photo seen, so the list
  /// opens where the user left it, offline too; `nil` for none.
  package var storeDirectory: String?
  /// `--offline`: the network starts down (o brings it up).
  package var offline = false

  /// Options with every default.
  package init() {}

  /// What the command line asks for.
  package enum Command: Hashable, Sendable {
    /// Print ``DemoOptions/usage`` and exit 0.
    case help
    /// Run the demo.
    case run(DemoOptions)
  }

  /// The help text.
  package static let usage = """
    usage: listkit-demo [options]

    A paged, sectioned list in the terminal: scroll with ↑ ↓ PgUp PgDn Home End, r refreshes
    (or retries after an error), q quits. Reaching the end loads the next page.

    options:
      --latency TIME      time each page takes, as 300ms, 1.5s or a number of milliseconds (default 300ms)
      --fail-rate RATE    probability that a page load fails, 0 to 1 or a percentage like 20% (default 0)
      --page-size N       items per page, 1 to 1000 (default 20)
      --count N           items in the built-in data set, 0 to 1000000 (default 237)
      --empty             an empty data set, to see the empty state (same as --count 0)
      --url URL           load from a JSON API instead of the built-in data set (http or https)
      --style STYLE       how pages are requested: page, offset or cursor (default page)
      --token TOKEN       user token, sent as "Authorization: Bearer TOKEN"
      --cache-dir DIR     where the first page is cached (default: ~/.cache/ListKit/listkit-demo,
                          or $XDG_CACHE_HOME/ListKit/listkit-demo; --dump caches only with this flag)
      --no-cache          do not cache the first page
      --seed N            seed of the data set and of injected failures (default 2026)
      --chat              chat-like: open at the newest (last) photo, at the bottom; older pages
                          load above when you reach the top, and the screen does not jump
      --start-at ID       open the list at the photo with this id; pages load both ways
      --store DIR         keep every photo seen in a SQLite database in DIR: the list opens on the
                          photo it was left at, with or without the network (o takes it down and up)
      --offline           start with the network down (o brings it up)
      --dump              print the rendered screen and exit, without a terminal
      --pages N           with --dump: how many pages to load first, 0 to 10000 (default 1)
      --width N           with --dump: screen width in columns, 20 to 1000 (default 80)
      --help              show this help

    --url: the query names are Django REST framework's: --style page sends page (from 1) and
    page_size, offset sends offset and limit, cursor sends cursor and page_size (or follows the
    "next" URL). The body is a bare array of photos (more follow while pages are full) or an
    object with the array under "results", "items" or "data", and optionally "next" (URL, cursor
    or null), "has_more" and "count" or "total". A photo:
      {"id": 7, "title": "Old pier", "author": "Ana Jensen",
       "taken_at": "2026-11-27T10:00:00Z", "likes": 120, "pinned": false}
    Only "id" is required; "name" may stand for "title", and "taken_at" may be seconds since 1970.
    """

  /// Parses the arguments that follow the program name.
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: What to do.
  /// - Throws: ``DemoOptionsError`` for the first argument that is wrong.
  package static func parse(_ arguments: [String]) throws(DemoOptionsError) -> Command {
    var options = DemoOptions()
    var seen: Set<String> = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--"), argument.count > 2 else { throw .unexpectedArgument(argument) }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let flag = Flag(rawValue: name) else { throw .unknownOption(name) }
      guard seen.insert(name).inserted else { throw .repeatedOption(name) }
      if !flag.takesValue {
        if inlineValue != nil { throw .unexpectedValue(option: name) }
        switch flag {
        case .help: return .help
        case .empty: options.count = 0
        case .noCache: options.usesCache = false
        case .dump: options.dump = true
        case .chat: options.chat = true
        case .offline: options.offline = true
        default: preconditionFailure("internal inconsistency: \(name) takes a value")
        }
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          throw .missingValue(option: name)
        }
        value = arguments[index]
        index += 1
      }
      try options.apply(flag, value: value)
    }
    try options.checkCombinations(seen)
    return .run(options)
  }

  enum Flag: String {
    case latency = "--latency"
    case failRate = "--fail-rate"
    case pageSize = "--page-size"
    case count = "--count"
    case empty = "--empty"
    case url = "--url"
    case style = "--style"
    case token = "--token"
    case cacheDirectory = "--cache-dir"
    case noCache = "--no-cache"
    case seed = "--seed"
    case dump = "--dump"
    case pages = "--pages"
    case width = "--width"
    case help = "--help"
    case chat = "--chat"
    case startAt = "--start-at"
    case store = "--store"
    case offline = "--offline"

    var takesValue: Bool {
      switch self {
      case .empty, .noCache, .dump, .help, .chat, .offline: false
      default: true
      }
    }
  }

  private mutating func apply(_ flag: Flag, value: String) throws(DemoOptionsError) {
    let name = flag.rawValue
    func integer(in range: ClosedRange<Int>) throws(DemoOptionsError) -> Int {
      guard let number = Int(value), range.contains(number) else {
        throw .invalidValue(
          option: name, value: value,
          expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
    // The error leaves the value out: it may be a token.
    func singleLine(_ expected: String) throws(DemoOptionsError) -> String {
      guard !value.isEmpty, !value.contains(where: \.isNewline) else {
        throw .invalidValue(option: name, value: "", expected: expected)
      }
      return value
    }
    switch flag {
    case .latency:
      guard let duration = Self.duration(value) else {
        throw .invalidValue(option: name, value: value, expected: "a time like 300ms or 1.5s, at most 60s")
      }
      latency = duration
    case .failRate:
      guard let rate = Self.rate(value) else {
        throw .invalidValue(
          option: name, value: value, expected: "a number from 0 to 1, or a percentage like 20%")
      }
      failRate = rate
    case .pageSize: pageSize = try integer(in: 1...1000)
    case .count: count = try integer(in: 0...1_000_000)
    case .pages: pages = try integer(in: 0...10_000)
    case .width: width = try integer(in: 20...1000)
    case .url:
      guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased(),
        ["http", "https"].contains(scheme), components.host?.isEmpty == false, let parsed = components.url
      else {
        throw .invalidValue(option: name, value: value, expected: "an http or https URL with a host")
      }
      url = parsed
    case .style:
      guard let parsed = PaginationStyle(rawValue: value) else {
        throw .invalidValue(option: name, value: value, expected: "page, offset or cursor")
      }
      style = parsed
    case .token: token = try singleLine("a non-empty token on one line")
    case .cacheDirectory:
      guard !value.isEmpty else {
        throw .invalidValue(option: name, value: value, expected: "a directory path")
      }
      cacheDirectory = value
    case .seed:
      let parsed = value.lowercased().hasPrefix("0x") ? UInt64(value.dropFirst(2), radix: 16) : UInt64(value)
      guard let parsed else {
        throw .invalidValue(option: name, value: value, expected: "a whole number from 0 to 2^64-1 (or 0x…)")
      }
      seed = parsed
    case .startAt: startAt = try integer(in: 0...Int.max)
    case .store:
      guard !value.isEmpty else {
        throw .invalidValue(option: name, value: value, expected: "a directory path")
      }
      storeDirectory = value
    case .empty, .noCache, .dump, .help, .chat, .offline:
      preconditionFailure("internal inconsistency: \(name) takes no value")
    }
  }

  private func checkCombinations(_ seen: Set<String>) throws(DemoOptionsError) {
    let pairs: [(Flag, Flag)] = [
      (.empty, .count), (.noCache, .cacheDirectory), (.empty, .url), (.count, .url), (.chat, .url),
      // The store opens where the user left it, and keeps every photo instead of the first page.
      (.store, .chat), (.store, .startAt), (.store, .cacheDirectory), (.store, .noCache),
    ]
    for (first, second) in pairs where seen.contains(first.rawValue) && seen.contains(second.rawValue) {
      throw .conflictingOptions(first.rawValue, second.rawValue)
    }
    for flag in [Flag.pages, .width] where seen.contains(flag.rawValue) && !dump {
      throw .requiresOption(flag.rawValue, requires: Flag.dump.rawValue)
    }
  }

  /// `300ms`, `1.5s`, or a plain number of milliseconds; from 0 to 60 s.
  static func duration(_ text: String) -> Duration? {
    let (digits, scale): (Substring, Double) =
      if text.hasSuffix("ms") {
        (text.dropLast(2), 1)
      } else if text.hasSuffix("s") {
        (text.dropLast(1), 1000)
      } else {
        (Substring(text), 1)
      }
    guard let number = Double(digits), number.isFinite, number >= 0, number * scale <= 60_000 else {
      return nil
    }
    return .microseconds(Int64((number * scale * 1000).rounded()))
  }

  /// `0.25` or `25%`; from 0 to 1.
  static func rate(_ text: String) -> Double? {
    let value = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
    guard let value, value.isFinite, (0...1).contains(value) else { return nil }
    return value
  }
}

extension DemoOptions {
  /// One line about where the photos come from, for the summary row.
  package var sourceDescription: String {
    if let url {
      // Latency and failures are the server's own here.
      return "\(url.host ?? "server") · \(style.rawValue) paging · pages of \(pageSize)"
    }
    let source = "built-in photos, seed \(seed)"
    let (seconds, attoseconds) = latency.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    let percent = (failRate * 100).rounded()
    return "\(source) · \(milliseconds) ms latency · \(Int(percent))% failures · pages of \(pageSize)"
  }
}
