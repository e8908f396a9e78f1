import Foundation
import ListKitTesting

/// The demo's built-in photos: realistic, and the same for the same seed on every machine.
///
/// Photo *n* depends only on the seed and *n*, so a smaller `count` is a prefix of a larger
/// one. Photos are newest first, a few hours to two days apart, from 2026-11-28 backwards.
package enum PhotoDataSet {
  /// The default seed.
  package static let defaultSeed: UInt64 = 2026

  /// Makes the photos.
  /// - Parameters:
  ///   - count: How many (negative counts as 0).
  ///   - seed: The seed.
  /// - Returns: `count` photos with ids 1 through `count`.
  /// - Complexity: O(count).
  package static func photos(count: Int, seed: UInt64) -> [Photo] {
    var photos: [Photo] = []
    photos.reserveCapacity(max(0, count))
    // 2026-11-28 18:00 UTC.
    var takenAt = Date(timeIntervalSince1970: 1_795_888_800)
    for number in 0..<max(0, count) {
      var random = SplitMix64(seed: SplitMix64.mix(seed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
      takenAt -= Double(3_600 + random.next(below: 47 * 3_600))
      let title = [
        adjectives[random.next(below: adjectives.count)], subjects[random.next(below: subjects.count)],
        places[random.next(below: places.count)],
      ].joined(separator: " ")
      let author =
        firstNames[random.next(below: firstNames.count)] + " "
        + lastNames[random.next(below: lastNames.count)]
      // Likes follow a long tail: most photos have a few dozen, some thousands.
      let likes = Int(exp(random.nextUnit() * 9.0)) - 1
      let isPinned = random.next(below: 25) == 0
      photos.append(
        Photo(
          id: number + 1, title: title, author: author, takenAt: takenAt, likes: likes, isPinned: isPinned))
    }
    return photos
  }

  static let adjectives = [
    "Golden", "Misty", "Quiet", "Late", "Early", "Blue", "Rainy", "Frozen", "Bright", "Hidden",
    "Crowded", "Empty", "Old", "Winding", "Distant", "Soft", "Stormy", "Warm", "Autumn", "Spring",
  ]
  static let subjects = [
    "harbour", "market", "staircase", "tram", "lighthouse", "orchard", "bridge", "rooftops",
    "bookshop", "ferry", "vineyard", "station", "courtyard", "pier", "alley", "meadow", "cathedral",
    "bakery", "glacier", "dunes",
  ]
  static let places = [
    "in Lisbon", "at dawn", "after the rain", "in Kyoto", "near Bergen", "in Valparaíso",
    "at dusk", "in Porto", "on Skye", "in Tbilisi", "in Québec", "by the sea", "in Oaxaca",
    "in Ljubljana", "in the fog", "in Hobart", "at noon", "in Zürich", "in Marrakesh", "in Tromsø",
  ]
  static let firstNames = [
    "Ana", "Björn", "Chloé", "Dario", "Eun-ji", "Femi", "Greta", "Hugo", "Inès", "Jonas", "Kaia",
    "Luca", "Maya", "Nikolai", "Olga", "Pablo", "Ravi", "Sofía", "Tomás", "Zoë",
  ]
  static let lastNames = [
    "Souza", "Lindqvist", "Moreau", "Bianchi", "Park", "Adeyemi", "Novak", "Dubois", "Haddad",
    "Weber", "Nakamura", "Rossi", "Kowalski", "Ortega", "Jensen", "Müller", "Costa", "Ivanova",
    "Fischer", "O'Brien",
  ]
}
