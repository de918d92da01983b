import Foundation
import Testing
import UndercurrentHarness
import UndercurrentSession

/// The bench compares each workload's interpreted run with the same program compiled
/// natively: both must compute the same checksum, or the ratio means nothing. Small sizes
/// here; no timing is asserted (timings live in `undercurrent bench`).
@Suite struct BenchWorkloadTests {
    @Test(arguments: BenchWorkload.all(scale: 0.0005).map(\.name))
    func interpretedAndNativeRunsAgree(_ name: String) throws {
        let workload = try #require(BenchWorkload.all(scale: 0.0005).first { $0.name == name })
        let native = workload.runNative()
        let interpreted = LargeStack.run { Bench.interpret(workload.script(), traced: false) }
        #expect(interpreted.error == nil, "\(interpreted.error ?? "")")
        #expect(interpreted.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(native))
        let traced = LargeStack.run { Bench.interpret(workload.script(), traced: true) }
        #expect(traced.output == interpreted.output)
        #expect(traced.events > 0)
    }
}
