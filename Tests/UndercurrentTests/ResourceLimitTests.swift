import Foundation
import Testing
import UndercurrentInterpreter
import UndercurrentSession

/// Each resource limit stops a runaway script with a message that says which limit, and
/// the session carries on with its declarations. Limits are lowered so the tests are quick.
@Suite struct ResourceLimitTests {
    /// Runs `inputs` in one session (tracing as given) with `adjust` applied to the limits.
    func session(
        _ inputs: [String], trace: Bool = false, traceCapacity: Int? = nil,
        adjust: @escaping @Sendable (inout ResourceLimits) -> Void = { _ in }
    ) -> [String] {
        runSession(inputs, trace: trace) { session in
            adjust(&session.environment.interpreter.limits)
            if let traceCapacity { session.tracer.capacity = traceCapacity }
        }
    }

    func expectStopped(
        _ runaway: String, says message: String, trace: Bool = false,
        adjust: @escaping @Sendable (inout ResourceLimits) -> Void = { _ in }
    ) {
        let shown = session(["let kept = 41", runaway, "print(kept + 1)"], trace: trace, adjust: adjust)
        #expect(shown[1].contains("interrupted: stopped"), "got: \(shown[1])")
        #expect(shown[1].contains(message), "got: \(shown[1])")
        #expect(shown[2].hasSuffix("42\n"), "the session must carry on: \(shown[2])")
    }

    @Test func recursionDepth() {
        expectStopped(
            "func down(_ n: Int) -> Int { down(n + 1) }\nprint(down(0))",
            says: "calls nested more than 300 deep (endless recursion?)"
        ) { $0.maxCallDepth = 300 }
        // At the default limit too: the native stack has room for it.
        expectStopped(
            "func down(_ n: Int) -> Int { down(n + 1) }\nprint(down(0))",
            says: "calls nested more than 2000 deep")
    }

    @Test func recursionThroughInitializersAndClosures() {
        expectStopped(
            "class Node { init() { let next = Node() } }\nlet n = Node()",
            says: "calls nested more than 300 deep"
        ) { $0.maxCallDepth = 300 }
        expectStopped(
            "struct S { init() { _ = S() } }\n_ = S()",
            says: "calls nested more than 300 deep"
        ) { $0.maxCallDepth = 300 }
        expectStopped(
            "var f: () -> Void = {}\nf = { f() }\nf()",
            says: "calls nested more than 300 deep"
        ) { $0.maxCallDepth = 300 }
    }

    @Test func recursionThroughCombine() {
        expectStopped(
            """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            let c = subject.sink { subject.send($0 + 1) }
            subject.send(0)
            """, says: "calls nested more than 300 deep"
        ) { $0.maxCallDepth = 300 }
    }

    /// The engine calling a script subscriber's `receive(_:)` is one level of call depth, as
    /// a script calling a function is: there is one way into a script body (`enterBody`).
    /// It counted two, so a recursion through a subscriber stopped at half the limit.
    @Test func aCallFromTheEngineIsOneLevel() {
        let source = """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            final class Echo: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                func receive(subscription: Subscription) { subscription.request(.unlimited) }
                func receive(_ input: Int) -> Subscribers.Demand {
                    if input < 280 { subject.send(input + 1) } else { print("deepest", input) }
                    return .none
                }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            subject.subscribe(Echo())
            subject.send(1)
            """
        let shown = session(["let kept = 41", source, "print(kept + 1)"], trace: false) { $0.maxCallDepth = 300 }
        #expect(shown[1].hasSuffix("deepest 280\n"), "got: \(shown[1])")
        let tooDeep = session([source.replacingOccurrences(of: "280", with: "400")], trace: false) {
            $0.maxCallDepth = 300
        }
        #expect(tooDeep[0].contains("calls nested more than 300 deep"), "got: \(tooDeep[0])")
    }

    /// A publisher that makes the pipeline it belongs to again subscribes deeper and deeper
    /// in the engine, returning to script code only to make the next level: the depth limit
    /// counts the subscriptions too, and the message names the publishers that nest.
    @Test func recursionThroughPublishers() {
        let cases: [(String, String)] = [
            (
                "func mk() -> AnyPublisher<Int, Never> { Deferred { mk() }.eraseToAnyPublisher() }\nlet c = mk().sink { print($0) }",
                "(Deferred ×"
            ),
            (
                "func mk(_ n: Int) -> AnyPublisher<Int, Never> { Just(n).flatMap { mk($0 + 1) }.eraseToAnyPublisher() }\nlet c = mk(0).sink { print($0) }",
                "Publishers.FlatMap ×"
            ),
            (
                "struct E: Error {}\nfunc mk() -> AnyPublisher<Int, E> { Fail(error: E()).catch { _ in mk() }.eraseToAnyPublisher() }\nlet c = mk().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
                "Publishers.Catch ×"
            ),
        ]
        // At the default limit as `undercurrent run` runs it, and in sessions (which record
        // every call, traced or not) at a lower one: recording names every nested subscriber
        // type, which takes seconds at 2000 levels in a debug build.
        for (source, named) in cases {
            let run = runScript("import Combine\n" + source)
            #expect(run.error?.kind == .interrupted)
            #expect(run.error?.message == "stopped: calls nested more than 2000 deep (endless recursion?)")
            #expect(run.error?.notes.first?.contains(named) == true, "got: \(String(describing: run.error?.notes))")
            for trace in [false, true] {
                let shown = session(["let kept = 41", "import Combine\n" + source, "print(kept + 1)"], trace: trace) {
                    $0.maxCallDepth = 300
                }
                #expect(shown[1].contains("interrupted: stopped: calls nested more than 300 deep"), "got: \(shown[1])")
                #expect(shown[1].contains("of those levels are publishers subscribed inside one another"))
                #expect(shown[1].contains(named), "got: \(shown[1])")
                #expect(shown[2].hasSuffix("42\n"), "the session must carry on: \(shown[2])")
            }
        }
    }

    /// Thousands of operators in one chain nest as deep in the engine alone when subscribed.
    /// `append` asks whether its upstream's Output is an Optional (to promote what it
    /// appends, as Swift does). Asking the chain at every step spelled the whole chain each
    /// time: 3000 alternating `filter`s and `append`s took minutes. What is known passes on
    /// from stage to stage now; the time limit turns a relapse into a failure, not a hang.
    @Test func longChainsOfAppendsAreBuiltWithoutRespellingThem() {
        let chain = (0..<3000).map { $0 % 2 == 0 ? ".filter { _ in true }" : ".append(1)" }.joined()
        let source =
            "import Combine\nlet s = PassthroughSubject<Int?, Never>()\nlet c = s\(chain).sink { print($0 as Any) }"
        expectStopped(
            source, says: "3:9: interrupted: stopped: subscriptions nested more than 300 deep at Publishers."
        ) {
            $0.maxCallDepth = 300
            $0.maxSeconds = 30
        }
    }

    @Test func longOperatorChains() {
        let chain = (0..<3000).map { $0 % 2 == 0 ? ".map { $0 }" : ".filter { _ in true }" }.joined()
        let source =
            "import Combine\nlet s = PassthroughSubject<Int, Never>()\nlet c = s\(chain).sink { print($0) }\ns.send(1)"
        expectStopped(
            source, says: "3:9: interrupted: stopped: subscriptions nested more than 300 deep at Publishers."
        ) { $0.maxCallDepth = 300 }
        // What a level costs in native stack varies (traced, a debug build): the nesting also
        // stops when half the thread's stack is used, here a small one's. (The chain is built
        // in a loop: 3000 operators written out would nest the parser too deep for this stack.)
        let looped = """
            import Combine
            let s = PassthroughSubject<Int, Never>()
            var p = s.eraseToAnyPublisher()
            for _ in 0..<3000 { p = p.map { $0 }.eraseToAnyPublisher() }
            let c = p.sink { print($0) }
            """
        let shown = onSmallStack {
            var current = ""
            let session = Session(useColor: false) { current += $0 }
            session.traceEnabled = true
            var shown: [String] = []
            for input in ["let kept = 41", looped, "print(kept + 1)"] {
                current = ""
                _ = session.handle(input)
                shown.append(current)
            }
            return shown
        }
        #expect(
            shown[1].contains("interrupted: stopped: subscriptions nested ")
                && shown[1].contains(" deep used up the native stack at "), "got: \(shown[1])")
        #expect(shown[2].hasSuffix("42\n"), "the session must carry on: \(shown[2])")
        // A long chain short of the limit still runs.
        let short = (0..<200).map { _ in ".map { $0 + 1 }" }.joined()
        #expect(
            session([
                "import Combine\nlet s = PassthroughSubject<Int, Never>()\nlet c = s\(short).sink { print($0) }\ns.send(1)"
            ])
                == ["201\n"])
    }

    /// Runs `body` on a thread with a 16 MB stack, and waits for it.
    func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        done.wait()
        return box.value!
    }

    @Test func stepBudget() {
        expectStopped(
            "var i = 0\nwhile true { i += 1 }",
            says: "stopped after 100000 evaluation steps: is there an endless loop?"
        ) { $0.maxSteps = 100_000 }
        expectStopped(
            "import Combine\nlet c = (1...).publisher.sink { _ in }",
            says: "evaluation steps"
        ) { $0.maxSteps = 100_000 }
        // A loop of Int arithmetic on locals runs on registers, and counts its turns the same.
        expectStopped(
            "func spin() -> Int {\n    var n = 0\n    while n >= 0 { n = (n + 1) % 7 }\n    return n\n}\nprint(spin())",
            says: "3:5: interrupted: stopped after 100000 evaluation steps"
        ) { $0.maxSteps = 100_000 }
        // An engine loop that never runs script code: a publisher that fails at once, retried.
        expectStopped(
            """
            import Combine
            struct Oops: Error {}
            let c = Fail<Int, Oops>(error: Oops()).retry(1_000_000_000).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            """, says: "evaluation steps"
        ) { $0.maxSteps = 100_000 }
    }

    @Test func outputSize() {
        expectStopped(
            "while true { print(\"spam spam spam spam\") }",
            says: "the script printed more than 1 MB"
        ) { $0.maxOutputBytes = 1 << 20 }
    }

    @Test func outputLimitIsPerInput() {
        // A session that printed a lot over many inputs still prints.
        let shown = session(
            Array(repeating: "for _ in 0..<200 { print(\"0123456789012345678901234567890123456789\") }", count: 8)
                + ["print(\"still here\")"]
        ) { $0.maxOutputBytes = 20_000 }
        #expect(shown.last == "still here\n", "got: \(shown.last ?? "")")
    }

    @Test func valueSize() {
        expectStopped(
            "var s = \"ab\"\nfor _ in 0..<64 { s += s }",
            says: "a string would grow past 100000 bytes"
        ) { $0.maxCollectionSize = 100_000 }
        expectStopped(
            "var a = [1]\nfor _ in 0..<64 { a.append(contentsOf: a) }",
            says: "an array would grow past 100000 elements"
        ) { $0.maxCollectionSize = 100_000 }
        expectStopped(
            "let a = Array(repeating: 0, count: 1 << 50)",
            says: "an array would grow past")
        expectStopped(
            "let s = String(repeating: \"xy\", count: Int.max)",
            says: "a string would grow past")
    }

    /// Freeing the head of a long linked list releases its nodes one at a time: on a thread
    /// with an 8 MB stack, 50,000 nested Swift deinits would overflow it.
    @Test func longChainsAreFreedWithoutDeepRecursion() {
        final class Box: @unchecked Sendable { var result: (output: String, error: ScriptError?)? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = ScriptEnvironment.run(
                """
                final class Node {
                    var next: Node?
                    init(_ next: Node?) { self.next = next }
                }
                var head: Node? = nil
                for _ in 0..<50_000 { head = Node(head) }
                head = nil
                print("freed")
                """)
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        #expect(box.result?.output == "freed\n")
        #expect(box.result?.error == nil)
    }

    @Test func traceCap() {
        let shown = session(
            ["import Combine\nlet c = (1...2_000).publisher.sink { _ in }", "print(1 + 1)"],
            trace: true, traceCapacity: 500)
        #expect(shown[0].contains("earlier events were dropped to bound memory"), "got: \(shown[0].prefix(300))")
        #expect(shown[1].contains("2"))
    }
}

/// A result handed from a worker thread once, after a semaphore orders it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
