/// The item the cache tests save and load: `id` is its identity, `title` its content.
struct Photo: Identifiable, Equatable, Codable, Sendable {
  var id: Int
  var title: String
}
