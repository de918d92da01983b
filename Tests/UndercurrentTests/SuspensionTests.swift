import Testing

@testable import UndercurrentInterpreter

/// The engine can pause a running script body at a call and resume it later on the same
/// thread (`Coroutine`), before the language exposes `await`. A native `pause()` stands in
/// for a suspension point; the test plays the scheduler.
@Suite struct SuspensionTests {
    /// An interpreter with `pause()` and the coroutine running `source`.
    final class Harness {
        var output = ""
        var error: Error?
        let interpreter: Interpreter
        var coroutine: Coroutine!

        init(_ source: String) {
            var sink: ((String) -> Void)?
            interpreter = Interpreter(output: { sink?($0) })
            sink = { [unowned self] in self.output += $0 }
            interpreter.registerGlobalFunction(
                NativeFunction("pause()") { [unowned self] _ in
                    try self.coroutine.suspend()
                    return .void
                })
            coroutine = Coroutine(interpreter: interpreter) { [unowned self] in
                do {
                    try self.interpreter.run(source: source)
                } catch {
                    self.error = error
                }
            }
        }

        /// Resumes the body and returns what it printed until it paused or ended.
        func resume() throws -> String {
            output = ""
            _ = try coroutine.resume()
            return output
        }
    }

    @Test func aLoopPausesAndResumesWhereItWas() throws {
        let harness = Harness(
            """
            var total = 0
            for i in 0..<3 {
                total += i
                print("turn", i, "total", total)
                pause()
            }
            print("done", total)
            """)
        #expect(try harness.resume() == "turn 0 total 0\n")
        #expect(harness.coroutine.state == .suspended)
        #expect(try harness.resume() == "turn 1 total 1\n")
        #expect(try harness.resume() == "turn 2 total 3\n")
        #expect(try harness.resume() == "done 3\n")
        #expect(harness.coroutine.state == .finished)
        #expect(harness.error == nil)
        #expect(throws: ScriptError.self) { try harness.coroutine.resume() }
    }

    /// While a body is paused, other inputs run on the same interpreter, and the paused body
    /// sees what they changed when it resumes.
    @Test func otherCodeRunsWhileABodyIsPaused() throws {
        let harness = Harness(
            """
            var shared = 1
            func waitAndRead() -> Int {
                pause()
                return shared
            }
            print("read", waitAndRead())
            """)
        #expect(try harness.resume() == "")
        harness.output = ""
        try harness.interpreter.run(source: "shared = 41 + 1\nprint(\"changed\")")
        #expect(harness.output == "changed\n")
        #expect(try harness.resume() == "read 42\n")
    }

    /// A pause inside `do`, inside a function with `defer`: the throw after resuming unwinds
    /// through the same `defer` and `catch` that were active before the pause.
    @Test func doCatchAndDeferSurviveAPause() throws {
        let harness = Harness(
            """
            enum Stop: Error { case now }
            func work() throws {
                defer { print("defer in work") }
                for i in 0..<5 {
                    print("step", i)
                    pause()
                    if i == 1 { throw Stop.now }
                }
            }
            do {
                defer { print("defer in do") }
                try work()
            } catch {
                print("caught", error)
            }
            print("after")
            """)
        #expect(try harness.resume() == "step 0\n")
        #expect(try harness.resume() == "step 1\n")
        #expect(try harness.resume() == "defer in work\ndefer in do\ncaught now\nafter\n")
        #expect(harness.coroutine.state == .finished)
    }

    /// Abandoning a paused body unwinds it: its `defer` blocks run and its locals are
    /// released, so a `deinit` runs, and no script `catch` can swallow the abandonment.
    @Test func abandoningAPausedBodyUnwindsIt() throws {
        let harness = Harness(
            """
            class Resource {
                deinit { print("Resource released") }
            }
            func hold() {
                let resource = Resource()
                defer { print("defer ran") }
                pause()
                print("never printed", resource)
            }
            do {
                hold()
            } catch {
                print("a script catch must not see this")
            }
            """)
        #expect(try harness.resume() == "")
        harness.output = ""
        #expect(try harness.coroutine.abandon())
        #expect(harness.output == "defer ran\nResource released\n")
        #expect(harness.error is Coroutine.Abandoned)
        #expect(harness.coroutine.state == .finished)
    }

    /// A `defer` that pauses while its body is abandoned (the end of an `async let`'s scope
    /// waits for its child) cannot: the pause throws at once, and the body still ends.
    @Test func aPauseWhileAbandoningDoesNotSuspendAgain() throws {
        let harness = Harness(
            """
            class Resource {
                deinit { print("Resource released") }
            }
            func hold() {
                let resource = Resource()
                defer {
                    pause()
                    print("never printed either")
                }
                pause()
                print("never printed", resource)
            }
            hold()
            """)
        #expect(try harness.resume() == "")
        harness.output = ""
        #expect(try harness.coroutine.abandon(), "the body ended")
        #expect(harness.coroutine.state == .finished)
        #expect(harness.output == "Resource released\n")
    }

    /// Each body counts its own call depth: a body paused deep in recursion does not count
    /// against code that runs meanwhile, and gets its depth back when it resumes.
    @Test func callDepthBelongsToTheBodyThatRuns() throws {
        let harness = Harness(
            """
            func down(_ n: Int) -> Int {
                if n == 0 {
                    pause()
                    return 0
                }
                return 1 + down(n - 1)
            }
            print("depth", down(50))
            """)
        #expect(try harness.resume() == "")
        #expect(harness.interpreter.callDepth == 0)
        harness.interpreter.limits.maxCallDepth = 40
        harness.output = ""
        try harness.interpreter.run(source: "func f(_ n: Int) -> Int { n == 0 ? 0 : f(n - 1) }\nprint(f(30))")
        #expect(harness.output == "0\n")
        harness.interpreter.limits.maxCallDepth = 2_000
        #expect(try harness.resume() == "depth 50\n")
        #expect(harness.interpreter.callDepth == 0)
    }

    /// Several bodies paused at once resume in whatever order the scheduler chooses.
    @Test func severalBodiesInterleave() throws {
        let interpreter = Interpreter(output: { _ in })
        var log: [String] = []
        var coroutines: [Coroutine] = []
        var running = 0
        interpreter.registerGlobalFunction(
            NativeFunction("pause()") { _ in
                try coroutines[running].suspend()
                return .void
            })
        interpreter.registerGlobalFunction(
            NativeFunction("note(_:)") { arguments in
                log.append(Formatter.describe(arguments[0], debug: false))
                return .void
            })
        for name in ["a", "b", "c"] {
            coroutines.append(
                Coroutine(interpreter: interpreter) {
                    try? interpreter.run(source: "for i in 1...2 { note(\"\(name)\\(i)\"); pause() }")
                })
        }
        for turn in [0, 1, 2, 2, 0, 1, 0, 1, 2] {
            running = turn
            _ = try coroutines[turn].resume()
        }
        #expect(log == ["a1", "b1", "c1", "c2", "a2", "b2"])
        #expect(coroutines.allSatisfy { $0.state == .finished })
    }

    /// A native access that Swift's exclusivity checker tracks (a class's stored property,
    /// passed `inout`) may stay open across a pause while other code touches the same
    /// property: the paused body's accesses are set aside, as a task's are, so nothing traps.
    @Test func exclusivityAccessesAreSetAsideWhileABodyIsPaused() throws {
        final class Box { var count = 0 }
        func bump(_ value: inout Int, after pause: () throws -> Void) rethrows {
            try pause()
            value += 1
        }
        let box = Box()
        let interpreter = Interpreter(output: { _ in })
        var coroutine: Coroutine!
        coroutine = Coroutine(interpreter: interpreter) {
            try? bump(&box.count) { try coroutine.suspend() }
        }
        #expect(try coroutine.resume() == .suspended)
        box.count += 10  // would be a simultaneous access if the paused one were still listed
        #expect(try coroutine.resume() == .finished)
        #expect(box.count == 11)
    }
}
