/// Sebastiano Vigna's SplitMix64: a tiny, fast, seedable generator whose output is the same on
/// every platform, so a seed always makes the same data set and the same failures.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator.
  /// - Parameter seed: The seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  /// - Returns: A value.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finalizer: a bijective hash of 64 bits, for deriving independent values.
  /// - Parameter value: The input.
  /// - Returns: The hashed value.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value below `bound`, by the platform-independent multiply-shift method.
  /// - Parameter bound: The exclusive upper bound (at least 1).
  /// - Returns: A value in `0..<bound`.
  public mutating func next(below bound: Int) -> Int {
    precondition(bound > 0, "internal inconsistency: bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A value in `0..<1` with 53 random bits.
  /// - Returns: The value.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
