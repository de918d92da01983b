import Dispatch
import UndercurrentInterpreter

/// What it costs the engine to be able to suspend, by the design chosen (a body on a stack
/// of its own, `Coroutine`) and by the ones it was chosen over. ARCHITECTURE.md ("Suspension")
/// quotes these figures.
///
/// - A coroutine costs a stack switch at each suspension and resumption, and nothing
///   anywhere else: code that never suspends runs the same engine as before.
/// - An engine made of `async` closures would pay on every call of every body, suspending or
///   not. Measured here as a chain of calls through `async` closures against the same chain
///   through plain closures, both opaque to the optimizer.
/// - Explicit heap frames or a CPS transform allocate a continuation per call that may
///   suspend. Measured here as a call that allocates and calls an escaping closure.
public enum SuspensionCost {
    public struct Figures: Sendable {
        /// Seconds per pause-and-resume of a coroutine (two stack switches).
        public var coroutineSwitch: Double
        /// Seconds per interpreted `pause()` call that suspends and is resumed.
        public var scriptPause: Double
        public var syncCall: Double
        public var asyncCall: Double
        public var continuationCall: Double
    }

    /// Sizes chosen so each native measurement takes tens of milliseconds in a release build.
    public static func measure(scale: Double, runs: Int) -> Figures {
        let switches = max(1_000, Int(200_000 * scale))
        let calls = max(10_000, Int(20_000_000 * scale))
        let pauses = max(1_000, Int(50_000 * scale))
        func median(_ body: () -> Void) -> Double {
            Measure.median((0..<max(1, runs)).map { _ in Measure.time(body) })
        }
        return Figures(
            coroutineSwitch: median { coroutineSwitches(switches) } / Double(switches),
            scriptPause: median { scriptPauses(pauses) } / Double(pauses),
            syncCall: median { blackHole(syncCalls(calls)) } / Double(calls),
            asyncCall: median { blackHole(asyncCalls(calls)) } / Double(calls),
            continuationCall: median { blackHole(continuationCalls(calls)) } / Double(calls))
    }

    static func coroutineSwitches(_ count: Int) {
        let interpreter = Interpreter(output: { _ in })
        var coroutine: Coroutine!
        coroutine = Coroutine(interpreter: interpreter) {
            for _ in 0..<count { try? coroutine.suspend() }
        }
        while (try? coroutine.resume()) == .suspended {}
    }

    /// A script loop that calls a native `pause()` which suspends its body each turn.
    static func scriptPauses(_ count: Int) {
        let interpreter = Interpreter(output: { _ in })
        var coroutine: Coroutine!
        interpreter.registerGlobalFunction(
            NativeFunction("pause()") { _ in
                try coroutine.suspend()
                return .void
            })
        coroutine = Coroutine(interpreter: interpreter) {
            try? interpreter.run(source: "for _ in 0..<\(count) { pause() }")
        }
        while (try? coroutine.resume()) == .suspended {}
    }

    // Each call goes through a closure the optimizer cannot see into.
    @inline(never) static func opaqueSync() -> (Int) -> Int { { $0 &+ 1 } }
    @inline(never) static func opaqueAsync() -> (Int) async -> Int { { $0 &+ 1 } }

    @inline(never)
    static func syncCalls(_ count: Int) -> Int {
        let step = opaqueSync()
        var total = 0
        for _ in 0..<count { total = step(total) }
        return total
    }

    @inline(never)
    static func asyncCalls(_ count: Int) -> Int {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        Task {
            let step = opaqueAsync()
            var total = 0
            for _ in 0..<count { total = await step(total) }
            result.value = total
            done.signal()
        }
        done.wait()
        return result.value
    }

    @inline(never)
    static func continuationCalls(_ count: Int) -> Int {
        let state = ContinuationState()
        for index in 0..<count {
            // A continuation that captures the running state, kept where a suspended call
            // would keep it (so it is allocated on the heap), then resumed.
            state.pending = { [state] value in state.total = value &+ (index & 1) }
            state.resumePending()
        }
        return state.total
    }

    private final class ContinuationState {
        var total = 0
        var pending: ((Int) -> Void)?

        @inline(never)
        func resumePending() {
            let continuation = pending
            pending = nil
            continuation?(total)
        }
    }

    private final class ResultBox: @unchecked Sendable {
        // Written once by the task before the semaphore signals, read after the wait.
        var value = 0
    }

    @inline(never)
    static func blackHole(_ value: Int) { if value == 42_424_242 { print("") } }
}
