import Testing

@testable import UndercurrentInterpreter

/// What running a program needs (each function's compiled body and spare frame, each
/// site's cache) is kept by the interpreter, beside the program: the lowered program is
/// not changed by running it.
@Suite struct ProgramTablesTests {
    /// Runs `body` with an interpreter whose output is collected.
    private func withInterpreter(_ body: (Interpreter) throws -> Void) rethrows -> String {
        let collected = OutputBox()
        let interpreter = Interpreter(output: { collected.text += $0 })
        try body(interpreter)
        return collected.text
    }

    @Test func eachInputsFunctionsHaveTheirOwnPlaces() throws {
        let output = try withInterpreter { interpreter in
            try interpreter.run(source: "func a() -> Int { 1 }\nprint(a())")
            try interpreter.run(source: "func b() -> Int { 2 }\nprint(b(), a())")
        }
        #expect(output == "1\n2 1\n")
    }

    @Test func aProgramLoweredForAnotherInterpreterIsRefused() throws {
        // Lowered on its own, its functions and sites are numbered from 0, as the first
        // input's were: their entries would be the first input's, so it is refused, and the
        // interpreter carries on.
        let elsewhere = try Lowerer.lower(source: "func b() -> Int { 2 }\nprint(b())")
        var refusal: String?
        let output = try withInterpreter { interpreter in
            try interpreter.run(source: "func a() -> Int { 1 }\nlet g = { (x: Int) in x + 100 }\nprint(a(), g(3))")
            do { try interpreter.run(elsewhere) } catch { refusal = "\(error)" }
            try interpreter.run(source: "print(a(), g(3))")
        }
        #expect(refusal?.contains("lowered for another interpreter") == true, "got: \(String(describing: refusal))")
        #expect(output == "1 103\n1 103\n")
    }

    @Test func runningAProgramLeavesItAsLowered() throws {
        // One lowered program run by two interpreters: each compiles it for itself, and the
        // second sees the closure's context as the first did.
        let program = try Lowerer.lower(
            source: """
                struct Level { let n: Int; static func of(_ n: Int) -> Level { Level(n: n) } }
                let f: (Int) -> Level = { .of($0 * 2) }
                print(f(2).n, f(5).n)
                """)
        let first = try withInterpreter { try $0.run(program) }
        let second = try withInterpreter { try $0.run(program) }
        #expect(first == "4 10\n")
        #expect(second == first)
    }
}

private final class OutputBox {
    var text = ""
}
