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
        let interpreted = LargeStack.run { Bench.interpret(workload.script()) }
        #expect(interpreted.error == nil, "\(interpreted.error ?? "")")
        #expect(interpreted.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(native))
        // The traced run is the REPL's answer: the trace, with the checksum printed in it (or
        // the output alone, for a program that makes no Combine call).
        let traced = LargeStack.run { Bench.answerInREPL(workload.script()) }
        #expect(traced.shown.split(separator: "\n").contains { $0 == "\(native)" || $0.hasSuffix("» \(native)") })
        #expect(!traced.shown.contains(": error:"))
        #expect(traced.events > 0)
    }
}
