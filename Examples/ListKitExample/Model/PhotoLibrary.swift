import Foundation

/// The example's "server-side" photos: the same for the same seed on every launch, like the
/// data set of `listkit-demo` (`Sources/ListKitDemoSupport/PhotoDataSet.swift`).
enum PhotoLibrary {
  static func photos(count: Int, seed: UInt64 = 2026) -> [Photo] {
    let adjectives = [
      "Golden", "Misty", "Quiet", "Late", "Early", "Blue", "Rainy", "Frozen", "Bright", "Hidden",
    ]
    let subjects = ["harbour", "market", "staircase", "tram", "lighthouse", "orchard", "bridge", "rooftops"]
    let places = [
      "in Lisbon", "at dawn", "after the rain", "in Kyoto", "near Bergen", "in Porto", "by the sea",
    ]
    let authors = ["Ana Lima", "Björn Berg", "Chloé Martin", "Dario Rossi", "Eun-ji Park", "Femi Adeyemi"]
    var state = seed
    func next(below bound: Int) -> Int {
      // SplitMix64: a tiny, well-mixed generator; enough for example data.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    var takenAt = Date(timeIntervalSince1970: 1_795_888_800)  // 2026-11-28 18:00 UTC
    return (1...max(1, count)).map { id in
      takenAt -= Double(3_600 + next(below: 47 * 3_600))
      return Photo(
        id: id,
        title: "\(adjectives[next(below: adjectives.count)]) \(subjects[next(below: subjects.count)]) "
          + places[next(below: places.count)],
        author: authors[next(below: authors.count)],
        takenAt: takenAt,
        likes: next(below: 5_000),
        isPinned: next(below: 25) == 0)
    }
  }
}
