import Testing

@testable import UndercurrentInterpreter

/// Where Swift requires `await`: before a call that can suspend, and before a call of an
/// actor's method from outside the actor. Swift refuses the program; the interpreter refuses
/// it where the call is made, naming the call, rather than run what Swift would not compile.
@Suite struct AwaitCheckTests {
    /// Swift compiles a call that can suspend only under an `await`; each of these is
    /// refused by the compiler ("expression is 'async' but is not marked with 'await'"), and
    /// here where the call is made, naming it.
    @Test(arguments: [
        (
            "func f() async -> Int { 1 }\nTask { let x = f(); print(x) }",
            "call of async function 'f' is not marked with `await`", 2, 16
        ),
        (
            // A top level that awaits elsewhere still needs `await` on each such call.
            "func f() async -> Int { 1 }\nlet a = await f()\nlet b = f()",
            "call of async function 'f' is not marked with `await`", 3, 9
        ),
        (
            "Task { try? Task.sleep(nanoseconds: 1) }",
            "this call can wait (Task.sleep), but it is not marked with `await`", 1, 13
        ),
        (
            "struct Box { var n: Int { get async { 1 } } }\nTask { print(Box().n) }",
            "call of the async getter of 'n' is not marked with `await`", 2, 14
        ),
        (
            // One `await` covers the calls of its expression, not those of a closure in it.
            "func f() async -> Int { 1 }\nlet x = await withCheckedContinuation { c in c.resume(returning: f()) }",
            "call of async function 'f' is not marked with `await`", 2, 66
        ),
    ])
    func aCallThatCanWaitNeedsAwait(source: String, message: String, line: Int, column: Int) {
        expectRefused(source, message, line, column)
    }

    /// The library's async functions and properties need `await` too, even where they would
    /// not have to wait (a finished task's value, a continuation resumed at once).
    @Test(arguments: [
        ("let t = Task { 1 }\nlet v = t.value", "A task's `value` is async", 2, 9),
        ("Task { MainActor.run { print(1) } }", "`MainActor.run` is async", 1, 8),
        ("final class L { init() async {} }\nTask { let l = L(); print(l) }", "call of an async initializer", 2, 16),
        (
            "Task { let x = withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in c.resume(returning: 1) } }",
            "`withCheckedContinuation` is async", 1, 16
        ),
        (
            "let f = Future<Int, Never> { $0(.success(1)) }\nTask { print(f.value) }", "A future's `value` is async", 2,
            14
        ),
    ])
    func aLibraryCallThatIsAsyncNeedsAwait(source: String, message: String, line: Int, column: Int) {
        expectRefused(source, message, line, column)
    }

    /// Reading an `async let` waits for it: without `await` the input is refused before it runs.
    @Test func readingAnAsyncLetWithoutAwaitIsRefusedBeforeAnythingRuns() {
        let result = runScript(
            """
            print("never printed")
            func f() async -> Int { 1 }
            func h() async { async let x = f(); print(x) }
            """)
        #expect(result.output == "")
        #expect(result.error?.message.contains("reading `async let x` waits for it") == true)
        #expect(result.error?.location == SourceLocation(line: 3, column: 43))
    }

    /// What one `await` covers: every call in its expression, the implicit awaits of `async
    /// let`, `for await` and a task's start, and the calls a library API makes under it.
    @Test func oneAwaitCoversEveryCallOfItsExpression() {
        let result = runScript(
            """
            func f() async -> Int { 1 }
            func g() async -> Int { 2 }
            struct Box { var n: Int { get async { await f() + 10 } } }
            print(await f() + g())
            async let x = f()
            print(await x)
            let total = await withTaskGroup(of: Int.self) { group in
                group.addTask { await f() }
                group.addTask(operation: g)
                var total = 0
                for await value in group { total += value }
                return total
            }
            print(total, await Box().n)
            let task = Task(operation: f)
            print(await task.value)
            """)
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.output == "3\n1\n3 11\n1\n")
    }

    /// Each of these is refused by the Swift compiler (checked with the oracle): a call of an
    /// actor's method from outside it, without `await`.
    @Test(arguments: [
        (
            "actor A { func f() -> Int { 1 } }\nlet a = A()\nTask { print(a.f()) }",
            "call of actor-isolated method 'f' from outside its actor is not marked with `await`", 3, 14
        ),
        (
            // Another instance of the same actor is outside this one.
            "actor A {\n    func f() -> Int { 1 }\n    func g(_ other: A) -> Int { other.f() }\n}\nprint(await A().g(A()))",
            "call of actor-isolated method 'f' from outside its actor", 3, 33
        ),
        (
            // A method added by an extension is isolated too.
            "actor A { var n = 0 }\nextension A { func f() -> Int { n } }\nfunc outside(_ a: A) async -> Int { a.f() }\n"
                + "print(await outside(A()))",
            "call of actor-isolated method 'f' from outside its actor", 3, 37
        ),
    ])
    func anActorsMethodCalledFromOutsideNeedsAwait(source: String, message: String, line: Int, column: Int) {
        expectRefused(source, message, line, column)
    }

    /// An actor's stored `var` is read from outside only under `await`, and never written from
    /// outside (each refused by the Swift compiler, checked with the oracle); its `let`s are
    /// read from anywhere, and its initializer sets its fields.
    @Test(arguments: [
        (
            "actor A { var n = 0 }\nlet a = A()\nprint(a.n)",
            "reading actor-isolated property 'n' from outside its actor is not marked with `await`", 3, 7
        ),
        (
            "actor A { var n = 0 }\nlet a = A()\nTask { a.n = 5 }",
            "actor-isolated property 'n' cannot be changed from outside its actor", 3, 8
        ),
        (
            "actor A { var n = 0; func peek(_ o: A) -> Int { o.n } }\nprint(await A().peek(A()))",
            "reading actor-isolated property 'n' from outside its actor", 1, 49
        ),
    ])
    func anActorsPropertyFromOutsideNeedsAwaitAndIsNeverWritten(
        source: String, message: String, line: Int, column: Int
    ) {
        expectRefused(source, message, line, column)
    }

    @Test func anActorsPropertiesAreReadUnderAwaitAndItsLetsFromAnywhere() {
        expectOracleOutput(
            """
            actor Counter {
                var count = 0
                let name = "counter"
                init(start: Int) { count = start }
                func increment() { count += 1; print("now", count, self.count) }
                func copy(from other: Counter) async { count = await other.count }
            }
            let c = Counter(start: 1)
            await c.increment()
            print(await c.count, c.name)
            let d = Counter(start: 0)
            await d.copy(from: c)
            print(await d.count)
            """,
            "now 2 2\n2 counter\n2\n")
    }

    /// Inside its actor, a method calls the actor's others without `await`, and so does a
    /// closure or a task written in it; a `nonisolated` method is called from anywhere.
    @Test func insideItsActorAMethodCallsTheOthersDirectly() {
        let result = runScript(
            """
            actor Counter {
                var n = 0
                func inc() -> Int { n += 1; return helper() }
                func helper() -> Int { n }
                func bump(_ other: Counter) async -> Int { await other.inc() + [1, 2].map { _ in self.helper() }.count }
                nonisolated func name() -> String { "counter" }
                func later() { Task { print("in task", self.helper()) } }
            }
            let c = Counter()
            print(await c.inc())
            print(c.name())
            print(await c.bump(Counter()))
            await c.later()
            try await Task.sleep(nanoseconds: 1_000_000)
            """)
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.output == "1\ncounter\n3\nin task 1\n")
    }

    /// An actor declared by one REPL input is one in the next: its extension's methods are
    /// isolated, and a call from outside without `await` is refused.
    @Test func anActorStaysOneAcrossInputs() {
        let shown = runSession([
            "actor Store { var items: [String] = [] }",
            "extension Store { func add(_ item: String) { items.append(item) } }",
            "let store = Store()",
            "Task { store.add(\"milk\") }",
            "await store.add(\"tea\")",
            "print(await store.items)",
        ])
        #expect(shown[3].contains("call of actor-isolated method 'add' from outside its actor"), "\(shown[3])")
        #expect(shown[5] == "[\"tea\"]\n")
    }

    /// `source` stops with a syntax error (what Swift refuses to compile) containing
    /// `message`, at `line`:`column`.
    private func expectRefused(
        _ source: String, _ message: String, _ line: Int, _ column: Int,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let result = runScript(source)
        #expect(result.error?.kind == .syntax, sourceLocation: sourceLocation)
        #expect(
            result.error?.message.contains(message) == true, "\(String(describing: result.error))",
            sourceLocation: sourceLocation)
        #expect(result.error?.location.line == line, sourceLocation: sourceLocation)
        #expect(result.error?.location.column == column, sourceLocation: sourceLocation)
    }
}
