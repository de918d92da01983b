/// A small deterministic pseudo-random generator (SplitMix64, Steele, Lea & Flood 2014):
/// the same seed gives the same inputs on every machine and every Swift version, which
/// `SystemRandomNumberGenerator` does not promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for item `index` of a run seeded with `seed`: item N can be made again on
    /// its own (`undercurrent fuzz --show N`) without making items 0..<N first.
    public static func forItem(_ index: Int, seed: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
        return SplitMix64(seed: mixer.next())
    }

    /// A number in 0..<bound (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(bound))
    }

    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
