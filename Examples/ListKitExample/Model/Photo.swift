import Foundation

/// One photo of the example's data set (the same shape as `listkit-demo`'s).
struct Photo: Identifiable, Hashable, Sendable, Codable {
  var id: Int
  var title: String
  var author: String
  var takenAt: Date
  var likes: Int
  var isPinned: Bool
}
