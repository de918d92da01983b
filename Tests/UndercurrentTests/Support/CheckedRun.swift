import UndercurrentSession
import UndercurrentTrace

/// Runs a script as `undercurrent run FILE --check` does and returns what the tracer saw.
struct CheckedRun {
    var events: [TraceEvent]
    var violations: [ContractViolation]
    var diagnostic: String?
    var output: String
    var droppedCount: Int

    /// Calls only (printed lines left out).
    var calls: [TraceEvent] { events.filter { $0.kind != .output } }

    /// The event with this sequence number.
    func event(_ sequence: Int) -> TraceEvent? {
        events.first { $0.sequence == sequence && $0.kind != .output }
    }

    static func run(_ source: String, capacity: Int? = nil) -> CheckedRun {
        LargeStack.run {
            var output = ""
            let run = ScriptRun(source: source, fileName: "check.swift", trace: true) { output += $0 }
            if let capacity { run.tracer.capacity = capacity }
            run.run()
            return CheckedRun(
                events: run.events.spelledOut, violations: run.tracer.violations, diagnostic: run.diagnostic,
                output: output, droppedCount: run.tracer.droppedCount)
        }
    }
}
