/// A small, fast, seeded random number generator (SplitMix64) for reproducible property tests.
///
/// Print the seed when a test fails; the same seed replays the same case on every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The seed the generator started from, to print when a test fails.
  public let seed: UInt64
  private var state: UInt64

  /// Creates a generator.
  /// - Parameter seed: The seed; equal seeds give equal sequences.
  public init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finalizer: a bijective hash of 64 bits, for deriving independent seeds.
  /// - Parameter value: The input.
  /// - Returns: The hashed value.
  public static func mix(_ value: UInt64) -> UInt64 {
    var value = value
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A value below `bound`, by the platform-independent multiply-shift method.
  /// - Parameter bound: The exclusive upper bound; a bound of 0 or less gives 0.
  /// - Returns: A value in `0..<bound`.
  public mutating func next(below bound: Int) -> Int {
    guard bound > 0 else { return 0 }
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A value in `0..<1` with 53 random bits.
  /// - Returns: The value.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
