/// The paths an ``Envelope`` reads, split at dots.
struct EnvelopeSpec: Sendable {
  /// The spec of the envelope being decoded on this task.
  ///
  /// NB: a task-local rather than `JSONDecoder.userInfo`, so that one decoder (possibly the
  /// app's) can be shared by concurrent loads without being mutated.
  @TaskLocal static var current: EnvelopeSpec?

  var items: [String]
  var hasMore: [String]?
  var next: [String]?
  var count: [String]?
  var previous: [String]?
  var hasPrevious: [String]?
  var page: [String]?
  var pages: [String]?

  init(
    items: String, hasMore: String?, next: String?, count: String?, previous: String? = nil,
    hasPrevious: String? = nil, page: String? = nil, pages: String? = nil
  ) {
    func split(_ path: String) -> [String] { path.split(separator: ".").map(String.init) }
    self.items = split(items)
    self.hasMore = hasMore.map(split)
    self.next = next.map(split)
    self.count = count.map(split)
    self.previous = previous.map(split)
    self.hasPrevious = hasPrevious.map(split)
    self.page = page.map(split)
    self.pages = pages.map(split)
  }
}

/// A JSON object with the items and paging values at the paths of ``EnvelopeSpec/current``.
struct Envelope<Item: Decodable>: Decodable {
  var items: [Item]
  var hasMore: Bool?
  var next: String?
  var count: Int?
  var previous: String?
  var hasPrevious: Bool?
  var page: Int?
  var pages: Int?

  init(from decoder: any Decoder) throws {
    guard let spec = EnvelopeSpec.current else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no envelope spec (internal)"))
    }
    let root = try decoder.container(keyedBy: AnyKey.self)
    items = try Self.required(spec.items, in: root) { try $0.decode([Item].self, forKey: $1) }
    hasMore = try spec.hasMore.flatMap { path in
      try Self.optional(path, in: root) { try $0.decodeIfPresent(Bool.self, forKey: $1) }
    }
    next = try spec.next.flatMap { try Self.cursor(at: $0, in: root) }
    previous = try spec.previous.flatMap { try Self.cursor(at: $0, in: root) }
    hasPrevious = try spec.hasPrevious.flatMap { path in
      try Self.optional(path, in: root) { try $0.decodeIfPresent(Bool.self, forKey: $1) }
    }
    count = try spec.count.flatMap { try Self.integer(at: $0, in: root) }
    page = try spec.page.flatMap { try Self.integer(at: $0, in: root) }
    pages = try spec.pages.flatMap { try Self.integer(at: $0, in: root) }
  }

  private typealias Container = KeyedDecodingContainer<AnyKey>

  /// A URL or cursor: a string or a number, or `nil` when missing or null.
  private static func cursor(at path: [String], in root: Container) throws -> String? {
    try optional(path, in: root) { container, key in
      if let number = try? container.decodeIfPresent(Int.self, forKey: key) { return String(number) }
      return try container.decodeIfPresent(String.self, forKey: key)
    }
  }

  /// An integer, or `nil` when missing or null.
  private static func integer(at path: [String], in root: Container) throws -> Int? {
    try optional(path, in: root) { try $0.decodeIfPresent(Int.self, forKey: $1) }
  }

  private static func required<T>(
    _ path: [String], in root: Container, _ read: (Container, AnyKey) throws -> T
  ) throws -> T {
    guard let last = path.last else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: root.codingPath, debugDescription: "the items key path is empty"))
    }
    var container = root
    for name in path.dropLast() {
      container = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(name))
    }
    return try read(container, AnyKey(last))
  }

  /// Reads an optional value: a missing or null key anywhere along the path gives `nil`.
  private static func optional<T>(
    _ path: [String], in root: Container, _ read: (Container, AnyKey) throws -> T?
  ) throws -> T? {
    guard let last = path.last else { return nil }
    var container = root
    for name in path.dropLast() {
      let key = AnyKey(name)
      guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
      container = try container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
    }
    return try read(container, AnyKey(last))
  }
}

/// A coding key made from any string.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
