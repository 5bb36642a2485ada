/// A seeded random number generator (SplitMix64): the same seed gives the
/// same numbers, so a randomised test or fuzz session replays exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose numbers follow from `seed`.
  public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  /// A generator whose numbers follow from `seed` (a property test's
  /// integer seed: the same numbers as its bit pattern as a `UInt64`).
  public init(seed: Int) { self.init(seed: UInt64(bitPattern: Int64(seed))) }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
