import Testing
import UndercurrentSession

@testable import UndercurrentInterpreter

/// Swift concurrency's first part: `async` functions and closures, `await`, `Task` and its
/// value, sleeps and yields on the virtual clock, cancellation. What such scripts print is
/// checked against compiled Swift in the snippets (`task-*`, `async-*`, `await-*`); these
/// tests cover what the compiler or the runtime would stop, and the order of jobs.
@Suite struct TaskTests {
    @Test func awaitOutsideAnAsyncFunctionIsRefusedBeforeAnythingRuns() {
        let result = runScript(
            """
            print("never printed")
            func total() -> Int {
                let value = await fetch()
                return value
            }
            func fetch() async -> Int { 1 }
            """)
        #expect(result.output == "")
        #expect(result.error?.kind == .syntax)
        #expect(result.error?.message.contains("not async") == true)
        #expect(result.error?.location == SourceLocation(line: 3, column: 17))
    }

    @Test func awaitIsAllowedAtTheTopLevelInAsyncFunctionsAndInClosuresThatAwait() {
        expectOracleOutput(
            """
            func one() async -> Int { 1 }
            let viaClosure = Task { await one() + 1 }
            func two() async -> Int { await one() + 1 }
            print(await two(), await viaClosure.value)
            """, "2 2\n")
    }

    @Test func aDeadlockEndsTheInputAndNamesTheWaitingTasks() {
        let result = runScript(
            """
            var other: Task<Void, Never>? = nil
            let first = Task {
                try? await Task.sleep(nanoseconds: 1000)
                await other!.value
            }
            other = Task { await first.value }
            print("waiting")
            await first.value
            print("never printed")
            """)
        #expect(result.output == "waiting\n")
        let error = result.error
        #expect(error?.message.contains("deadlock") == true)
        #expect(error?.location == SourceLocation(line: 8, column: 7))
        #expect(error?.notes == ["Task#1 waits for Task#2.value", "Task#2 waits for Task#1.value"])
    }

    @Test func aRuntimeErrorInATaskStopsTheInputWhereItHappened() {
        let result = runScript(
            """
            let task = Task { () -> Int in
                let values = [1, 2]
                print("before")
                return values[5]
            }
            print("top")
            print(await task.value)
            print("never printed")
            """)
        #expect(result.output == "top\nbefore\n")
        #expect(result.error?.kind == .runtime)
        #expect(result.error?.message.contains("index out of range") == true)
        // At the subscript's `[`, where Swift points at a subscript.
        #expect(result.error?.location == SourceLocation(line: 4, column: 18))
    }

    @Test func aSwiftErrorATaskThrowsIsItsResultNotTheInputs() {
        // Never awaited, the error is dropped, as in Swift; awaited, it is thrown there.
        expectOracleOutput(
            """
            struct Boom: Error {}
            let dropped = Task { throw Boom() }
            print("after")
            """, "after\n")
        expectScriptError(
            """
            struct Boom: Error {}
            let task = Task { () throws -> Int in throw Boom() }
            print(try await task.value)
            """, .runtime, containing: "uncaught error: main.Boom()")
    }

    @Test func anAsyncClosureCalledSynchronouslyCannotWait() {
        let result = runScript(
            """
            let squares = [1, 2, 3].map { (x: Int) async -> Int in
                await Task.yield()
                return x * x
            }
            """)
        // Swift refuses to compile this: an async closure given to a synchronous parameter.
        #expect(result.error?.kind == .syntax)
        #expect(result.error?.message.contains("an async closure is called here without `await`") == true)
        #expect(result.error?.location == SourceLocation(line: 1, column: 15))
    }

    @Test(arguments: [
        (
            "func f() async -> (Int, (Int, Int)) { (1, (2, 3)) }\nasync let (x, (y, z)) = f()",
            "`async let` with a nested pattern"
        ),
        (
            "func f() async -> Int { 1 }\nfunc g() async { async let x = f(); let read = { x }; print(read()) }",
            "an `async let` read inside a closure"
        ),
        ("struct S { subscript(i: Int) -> Int { get async { i } } }", "`async` subscripts"),
    ])
    func concurrencyNotYetBuiltIsRefusedByName(source: String, named: String) {
        expectScriptError(source, .unsupported, containing: named)
    }

    @Test func aContinuationResumedTwiceNamesBothPlaces() {
        let result = runScript(
            """
            let value = await withCheckedContinuation { continuation in
                continuation.resume(returning: 1)
                continuation.resume(returning: 2)
            }
            print(value)
            """)
        #expect(result.output == "")
        #expect(result.error?.kind == .runtime)
        #expect(
            result.error?.message.contains("already resumed, at 2:5") == true, "\(String(describing: result.error))")
        #expect(result.error?.location == SourceLocation(line: 3, column: 5))
    }

    @Test func aContinuationNothingResumesIsADeadlockThatSaysWhere() {
        let result = runScript(
            """
            var saved: CheckedContinuation<Int, Never>?
            let value = await withCheckedContinuation { saved = $0 }
            print(value)
            """)
        #expect(
            result.error?.message.contains("deadlock: the top level waits for a continuation (made at 2:19)") == true,
            "\(String(describing: result.error))")
    }

    @Test func twoTasksCannotWaitInOneAsyncStream() {
        expectScriptError(
            """
            let (stream, input) = AsyncStream.makeStream(of: Int.self)
            let first = Task { for await x in stream { print(x) } }
            let second = Task { for await x in stream { print(x) } }
            try await Task.sleep(nanoseconds: 1000)
            """, .runtime, containing: "two tasks wait in next() of one AsyncStream")
    }

    /// OpenCombine's iterator stops the process (a precondition) when a subscription sends it
    /// a value it did not request; a learner's subscription that does gets an error.
    @Test func aSubscriptionThatIgnoresDemandStopsValuesWithAnError() {
        let result = runScript(
            """
            import Combine
            struct Greedy: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    subscriber.receive(subscription: Sub(subscriber: subscriber))
                }
                final class Sub<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
                    let subscriber: S
                    init(subscriber: S) { self.subscriber = subscriber }
                    func request(_ demand: Subscribers.Demand) {
                        for i in 1...3 { _ = subscriber.receive(i) }
                    }
                    func cancel() {}
                }
            }
            for await x in Greedy().values { print(x) }
            """)
        #expect(result.output == "")
        #expect(result.error?.message.contains("received a value it had not requested") == true)
        #expect(result.error?.location == SourceLocation(line: 12, column: 34))
    }

    /// Cancelling the task of a `for await` over `values` cancels the subscription, as
    /// `withTaskCancellationHandler` in OpenCombine's iterator does.
    @Test func cancellingTheLoopsTaskCancelsTheSubscription() {
        expectOracleOutput(
            """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            let loop = Task {
                for await value in subject.handleEvents(receiveCancel: { print("cancel") }).values {
                    print("got", value)
                }
                print("loop ended")
            }
            try await Task.sleep(nanoseconds: 10_000_000)
            subject.send(1)
            try await Task.sleep(nanoseconds: 10_000_000)
            loop.cancel()
            await loop.value
            """, "got 1\ncancel\nloop ended\n")
    }

    @Test func theStepLimitStopsARunawayTask() throws {
        for source in ["let spin = Task { while true {} }\nawait spin.value", "Task { while true {} }"] {
            let interpreter = Interpreter(output: { _ in })
            interpreter.limits.maxSteps = 10_000
            #expect(throws: ScriptError.self) { try interpreter.run(source: source) }
            #expect(interpreter.tasks.live.isEmpty, "the stopped tasks are not kept")
        }
    }

    @Test func aSessionKeepsATaskWaitingAcrossInputs() {
        let shown = runSession([
            """
            let sleeper = Task { () -> Int in
                try? await Task.sleep(nanoseconds: 5_000_000_000)
                print("woke")
                return 1
            }
            """,
            "print(\"between\")",
            "print(await sleeper.value)",
            "print(\"still here\")",
        ])
        #expect(shown[1] == "between\n")
        #expect(shown[2] == "woke\n1\n")
        #expect(shown[3] == "still here\n")
    }

    /// In the REPL, `:advance` drives tasks as it drives scheduled work, and shows their lane.
    @Test func advancingTheClockWakesASleepingTask() {
        let shown = runSession(
            [
                "let sleeper = Task { () -> Int in\n    try? await Task.sleep(nanoseconds: 5_000_000_000)\n    print(\"woke\")\n    return 1\n}",
                ":advance 2s",
                ":advance 4s",
            ], trace: true)
        #expect(shown[0].contains("Task#1 awaits Task.sleep(nanoseconds: 5000000000)"), "got: \(shown[0])")
        #expect(!shown[1].contains("woke"))
        #expect(shown[2].contains("Task#1 » woke"), "got: \(shown[2])")
        #expect(shown[2].contains("Task#1 returns 1"))
    }

    /// A task left waiting for a continuation is reported when the input ends; a later
    /// input may still resume it.
    @Test func aContinuationLeftWaitingIsReportedAndCanBeResumedLater() {
        let shown = runSession([
            "var saved: CheckedContinuation<Int, Never>?\nlet waiter = Task { print(\"got\", await withCheckedContinuation { saved = $0 }) }",
            "saved!.resume(returning: 5)",
        ])
        #expect(shown[0].contains("note: Task#1 still waits for a continuation (made at 2:"), "got: \(shown[0])")
        #expect(shown[0].hasSuffix("), which nothing has resumed\n"), "got: \(shown[0])")
        #expect(shown[1] == "got 5\n", "got: \(shown[1])")
    }

    /// The note after a later input names the input the continuation was made in, as an
    /// error pointing into an earlier input does: its line alone would be read as the later
    /// input's (it read `made at 1000002:43`).
    @Test func aContinuationLeftWaitingIsPlacedInItsInputLater() {
        let shown = runSession([
            "var saved: CheckedContinuation<Int, Never>?\nlet waiter = Task { print(await withCheckedContinuation { saved = $0 }) }",
            "print(\"next\")",
        ])
        #expect(shown[0].contains("(made at 2:33)"), "got: \(shown[0])")
        #expect(
            shown[1]
                == "next\nnote: Task#1 still waits for a continuation (made at <input 1>:2:33), which nothing has resumed\n",
            "got: \(shown[1])")
    }

    @Test func aSessionCarriesOnAfterATaskWaitsForever() {
        let shown = runSession([
            "let never = Task { () -> Int in var t: Task<Int, Never>? = nil; return 0 }",
            "var loop: Task<Void, Never>? = nil\nloop = Task { await loop!.value }\nawait loop!.value",
            "print(\"next input\", await never.value)",
        ])
        #expect(shown[1].contains("Task#2 awaits its own value: it would wait forever"))
        #expect(shown[2] == "next input 0\n")
    }

    /// A session's end unwinds the tasks still waiting: their frames are released and their
    /// `defer` blocks print nothing, as a program's waiting tasks show nothing once it exits.
    @Test func theEndOfASessionUnwindsItsWaitingTasks() {
        final class Observed {
            var output = ""
            var waitingFor: String?
            var deinitialized: [String] = []
            weak var task: ScriptTask?
        }
        let observed = LargeStack.run {
            () -> (output: String, waitingFor: String?, released: Bool, deinitialized: [String]) in
            let observed = Observed()
            do {
                let environment = ScriptEnvironment { observed.output += $0 }
                environment.interpreter.deinitObservers.append { _, type in observed.deinitialized.append(type.name) }
                try? environment.interpreter.run(
                    source: """
                        final class Token {}
                        let sleeper = Task {
                            let token = Token()
                            defer { print("defer ran", token) }
                            try? await Task.sleep(nanoseconds: 60_000_000_000)
                        }
                        print("started")
                        """)
                observed.task = environment.interpreter.tasks.waitingTasks.first
                observed.waitingFor = observed.task?.waitingFor
            }
            return (observed.output, observed.waitingFor, observed.task == nil, observed.deinitialized)
        }
        #expect(observed.deinitialized == ["Token"], "the waiting body's frame is released")
        #expect(observed.waitingFor == "Task.sleep")
        #expect(observed.output == "started\n")
        #expect(observed.released, "the task and its coroutine are released")
    }

    /// A task waiting inside the scope of an `async let` when the session ends: unwinding it
    /// runs the scope's end, which cannot wait then; both tasks are released, no hang.
    @Test func theEndOfASessionUnwindsATaskInsideAnAsyncLetScope() {
        final class Observed {
            var output = ""
            var waiting: [String] = []
            var deinitialized: [String] = []
        }
        let observed = LargeStack.run { () -> (output: String, waiting: [String], deinitialized: [String]) in
            let observed = Observed()
            do {
                let environment = ScriptEnvironment { observed.output += $0 }
                environment.interpreter.deinitObservers.append { _, type in observed.deinitialized.append(type.name) }
                try? environment.interpreter.run(
                    source: """
                        final class Token {}
                        func forever() async -> Int {
                            try? await Task.sleep(nanoseconds: 60_000_000_000)
                            return 1
                        }
                        let parent = Task {
                            let token = Token()
                            async let never = forever()
                            defer { print("parent unwound", token) }
                            try? await Task.sleep(nanoseconds: 50_000_000_000)
                        }
                        print("started")
                        """)
                observed.waiting = environment.interpreter.tasks.waitingTasks.map(\.name)
            }
            return (observed.output, observed.waiting, observed.deinitialized)
        }
        #expect(observed.waiting == ["Task#1", "Task#2"])
        #expect(observed.output == "started\n", "output of the unwinding is discarded")
        #expect(observed.deinitialized == ["Token"], "the parent's frame is unwound and released")
    }

    /// The end of an `async let`'s scope waits for its child: a child that never ends makes
    /// that wait a deadlock, reported with what the top level waits for.
    @Test func aScopeWaitingForAnAsyncLetThatNeverEndsIsADeadlock() {
        let result = runScript(
            """
            func never() async -> Int { await withCheckedContinuation { (_: CheckedContinuation<Int, Never>) in } }
            func leave() async {
                async let x = never()
                print("leaving")
            }
            await leave()
            """)
        #expect(result.output == "leaving\n")
        #expect(
            result.error?.message.contains("deadlock: the top level waits for Task#1, `async let x`, to end") == true,
            "\(String(describing: result.error))")
        #expect(result.error?.notes.contains { $0.hasPrefix("Task#1 waits for a continuation") } == true)
    }

    /// A REPL session that ends while a task waits holding objects of the script's: the task
    /// is unwound and its objects released without telling the session's tracer, which is
    /// going away (this stopped the process, an unowned reference read after its object).
    @Test func aSessionEndsCleanlyWhileATaskHoldsObjects() {
        let shown = runSession(
            [
                "final class Token { deinit { print(\"token released\") } }",
                "let waiter = Task { let token = Token(); try? await Task.sleep(nanoseconds: 60_000_000_000); _ = token }",
                "print(\"last input\")",
            ], trace: true)
        #expect(shown[2] == "last input\n")
    }

    /// A throwing group body waits for its children; a child that never ends is a deadlock,
    /// reported, and the unwinding gets through the group's wait.
    @Test func aGroupWaitingForAChildThatNeverEndsIsADeadlock() {
        let result = runScript(
            """
            struct Boom: Error {}
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
                throw Boom()
            }
            """)
        #expect(result.error?.message.contains("deadlock") == true, "\(String(describing: result.error))")
        #expect(result.error?.notes.contains { $0.hasPrefix("Task#1 waits for a continuation") } == true)
    }

    @Test func localJobsRunByTimeThenFirstComeFirstServed() {
        let queue = LocalJobQueue()
        var order: [String] = []
        queue.enqueue(afterNanoseconds: 0) { order.append("a") }
        queue.enqueue(afterNanoseconds: 10) { order.append("b") }
        queue.enqueue(afterNanoseconds: 0) { order.append("c") }
        queue.enqueue(afterNanoseconds: 5) {
            order.append("d")
            // Queued from a job: after what is already waiting at its instant.
            queue.enqueue(afterNanoseconds: 5) { order.append("e") }
        }
        while queue.runNext() {}
        #expect(order == ["a", "c", "d", "b", "e"])
        #expect(queue.nowNanoseconds == 10)
    }
}
