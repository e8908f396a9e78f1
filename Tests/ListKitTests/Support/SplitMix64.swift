import ListKitTesting

extension SplitMix64 {
  /// `true` with probability `percent`/100.
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}
