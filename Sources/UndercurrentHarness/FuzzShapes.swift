/// Inputs of the shapes that once killed or hung the session, with random extremes filled
/// in: integer extremes into numeric members, ranges and subscripts; negative and huge
/// counts into every member that takes one; huge ranges into native algorithms; long
/// operator chains; publishers that recurse through `Deferred`, `flatMap` and `catch`;
/// brackets and expressions nested deep. Mutating the corpus rarely reaches these.
public enum FuzzShapes {
    static let integers = [
        "0", "1", "-1", "2", "-2", "Int.max", "Int.min", "Int.max - 1", "Int.min + 1", "(Int.max / 2)",
        "1_000_000_000", "-1_000_000_000", "4_000_001",
    ]
    static let counts = ["-1", "0", "1", "3", "Int.max", "Int.min", "1_000_000_000", "-9223372036854775807"]

    /// Numeric members and operators, with `A` and `B` to fill.
    static let numeric = [
        "print(A.magnitude)", "print(A.advanced(by: B))", "print(A.distance(to: B))",
        "print(A.quotientAndRemainder(dividingBy: B))", "print(A.isMultiple(of: B))", "print(A % B)", "print(A / B)",
        "print(A * B)", "print(A + B)", "print(A - B)", "print(-A)", "print(abs(A))", "print(A << B)", "print(A >> B)",
        "print(A &+ B, A &* B)", "print(A.signum(), A.words.count)", "print(String(A, radix: 2).count)",
        "print(Double(A) / Double(B))", "print(max(A, B), min(A, B))", "print(A.addingReportingOverflow(B))",
        "print(A.multipliedReportingOverflow(by: B))", "var x = A\nx += B\nprint(x)",
        "print(Int(exactly: Double(A)) as Any)",
        "print(stride(from: A, to: B, by: 1).underestimatedCount)",
        "print(UInt8(clamping: A) &+ UInt8(truncatingIfNeeded: B), Int8(truncatingIfNeeded: A) << B)",
        "let x = UInt64(clamping: A)\nprint(x + UInt64(clamping: B), x * 3, x - 1, x / UInt64(clamping: B))",
        "let x = Int32(truncatingIfNeeded: A)\nprint(-x, x % Int32(truncatingIfNeeded: B), ~x >> B)",
        "print(UInt16(exactly: A) as Any, Int64(A) &* Int64(B), UInt(bitPattern: A), UInt32(Double(A)))",
        "for i in UInt8(0)...UInt8(clamping: A) { print(i) }",
    ]

    /// Ranges and subscripts.
    static let ranges = [
        "print((A...B).count)", "print((A..<B).count)", "for i in A..<B { print(i); break }",
        "print([1, 2, 3][A...])", "print([1, 2, 3][..<A])", "print([1, 2, 3][...A])", "print([1, 2, 3][A])",
        "print(Array(zip([1, 2, 3], A...)))", "print((A...B).contains(0))", "print((A..<B).isEmpty)",
        "print(Array(stride(from: A, through: B, by: Int.max)).count)", "print(\"abc\".dropFirst(A))",
        "var a = [1, 2, 3]\na[A..<B] = [9]\nprint(a)", "print((A...).prefix(3).map { $0 })",
        "let r = A...B\nprint(r.lowerBound, r.upperBound)", "print([1, 2, 3].indices.contains(A))",
    ]

    /// Members that take a count, with `N` to fill.
    static let counted = [
        "print([1, 2, 3].prefix(N))", "print([1, 2, 3].suffix(N))", "print([1, 2, 3].dropFirst(N))",
        "print([1, 2, 3].dropLast(N))", "print(Array(repeating: 0, count: N).count)",
        "print(String(repeating: \"ab\", count: N).count)",
        "print(\"a\".padding(toLength: N, withPad: \"xy\", startingAt: 0))",
        "print(\"a\".padding(toLength: 3, withPad: \"xy\", startingAt: N))",
        "print([1, 2, 3].split(maxSplits: N) { $0 == 2 })",
        "var a = [1, 2, 3]\na.removeFirst(N)\nprint(a)", "var a = [1, 2, 3]\na.removeLast(N)\nprint(a)",
        "var a = [1, 2, 3]\na.insert(9, at: N)\nprint(a)", "var a = [1, 2, 3]\nprint(a.remove(at: N))",
        "import Combine\nlet c = [1, 2, 3].publisher.prefix(N).sink { print($0) }",
        "import Combine\nlet c = [1, 2, 3].publisher.dropFirst(N).sink { print($0) }",
        "import Combine\nlet c = [1, 2, 3].publisher.collect(N).sink { print($0) }",
        "import Combine\nlet c = [1, 2, 3].publisher.output(at: N).sink { print($0) }",
        "import Combine\nlet c = [1, 2, 3].publisher.output(in: 0..<N).sink { print($0) }",
        "import Combine\nlet c = (1...5).publisher.buffer(size: N, prefetch: .byRequest, whenFull: .dropOldest).sink { print($0) }",
        "import Combine\nstruct E: Error {}\nlet c = Fail<Int, E>(error: E()).retry(N).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        "import Combine\nlet c = [1, 2, 3].publisher.flatMap(maxPublishers: .max(N)) { Just($0) }.sink { print($0) }",
        "import Combine\nfinal class S: Subscriber {\n    typealias Input = Int\n    typealias Failure = Never\n    func receive(subscription: Subscription) { subscription.request(.max(N)); subscription.request(.max(N)) }\n    func receive(_ input: Int) -> Subscribers.Demand { .max(N) }\n    func receive(completion: Subscribers.Completion<Never>) { print(completion) }\n}\n(1...3).publisher.subscribe(S())",
        "import Combine\nprint(Subscribers.Demand.max(N) + .max(N), Subscribers.Demand.max(N) - .max(1))",
    ]

    /// Native algorithms over ranges that may be huge.
    static let hugeRanges = [
        "print((0..<Int.max).max()!)", "print((0..<Int.max).contains { $0 < 0 })",
        "print((0..<Int.max).first { $0 < 0 } as Any)",
        "print(Array((0..<Int.max).enumerated()).count)", "print(Array(0..<N).count)",
        "print((0..<N).map { $0 }.count)",
        "print((0..<N).reduce(0, +))", "print((0..<N).filter { $0 % 2 == 0 }.count)", "print((0..<N).sorted().count)",
        "print((0..<N).reversed().first as Any)", "print(Set(0..<N).count)", "print((0..<N).allSatisfy { $0 >= 0 })",
        "print((1...).prefix(N).count)", "print(String(format: \"%2000000000d\", 1).count)",
        "print(Array(repeating: \"x\", count: N).joined().count)",
        "print(Dictionary(uniqueKeysWithValues: (0..<N).map { ($0, $0) }).count)",
    ]

    /// Publishers that recurse, and long chains.
    static let recursion = [
        "import Combine\nfunc mk() -> AnyPublisher<Int, Never> { Deferred { mk() }.eraseToAnyPublisher() }\nlet c = mk().sink { print($0) }",
        "import Combine\nfunc mk(_ n: Int) -> AnyPublisher<Int, Never> { Just(n).flatMap { mk($0 + 1) }.eraseToAnyPublisher() }\nlet c = mk(0).sink { print($0) }",
        "import Combine\nstruct E: Error {}\nfunc mk() -> AnyPublisher<Int, Never> { Fail(error: E()).catch { _ in mk() }.eraseToAnyPublisher() }\nlet c = mk().sink { print($0) }",
        "import Combine\nlet s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { v in v > 0 ? Just(v).eraseToAnyPublisher() : s.eraseToAnyPublisher() }.sink { print($0) }\ns.send(0)\ns.send(1)",
        "func f(_ n: Int) -> Int { f(n + 1) }\nprint(f(0))",
        "struct S { var x: Int { x } }\nprint(S().x)",
    ]

    /// Methods called on objects held by locals, whose `self` the call borrows
    /// (`Frame.lend`): kept by a closure, thrown out of, dropped elsewhere while the call
    /// runs, recursed through one call site with two classes, paused in a task.
    static let lentReceivers = [
        "final class P { var n = 0; var keep: (() -> Int)?\n func f(_ x: Int) -> Int { keep = { self.n }; n += x; return n } }\nfunc g() -> Int { let p = P(); var t = 0; for i in 0..<N { t &+= p.f(i) }; return t &+ (p.keep?() ?? 0) }\nprint(g())",
        "struct E: Error {}\nfinal class P { deinit { print(\"bye\") }\n func f(_ x: Int) throws -> Int { if x % 2 == 1 { throw E() }; return x } }\nfunc g() { let p = P(); for i in 0..<N { print((try? p.f(i)) as Any) } }\ng()",
        "final class H { var p: P? }\nfinal class P { deinit { print(\"bye\") }\n func f(_ h: H) -> Int { h.p = nil; return 1 } }\nfunc g() -> Int { let h = H(); let p = P(); h.p = p; var t = 0; for _ in 0..<N { t += p.f(h) }; return t }\nprint(g())",
        "class A { func v(_ n: Int) -> Int { n > 0 ? step(B(), n - 1) + 1 : 0 } }\nfinal class B: A { override func v(_ n: Int) -> Int { n > 0 ? step(A(), n - 1) + 2 : 0 } }\nfunc step(_ a: A, _ n: Int) -> Int { let r = a; return r.v(n) }\nprint(step(B(), N))",
        "final class W { deinit { print(\"bye\") }\n func w(_ n: Int) async -> Int { await Task.yield(); return n } }\nfunc g() async -> Int { let w = W(); var t = 0; for i in 0..<N { t &+= await w.w(i) }; return t }\nlet t = Task { await g() }\nt.cancel()\nprint(await t.value)",
        "final class W { func w() async -> Int { await withCheckedContinuation { (_: CheckedContinuation<Int, Never>) in } } }\nfunc g() async -> Int { let w = W(); return await w.w() }\nTask { print(await g()) }\nprint(N)",
    ]

    /// Tasks that never end, wait on themselves, recurse, multiply or misuse a continuation.
    static let concurrency = [
        "try await Task.sleep(nanoseconds: N)\nprint(1)",
        "func f(_ n: Int) async -> Int { await f(n + 1) }\nprint(await f(0))",
        "var t: Task<Void, Never>?\nt = Task { await t!.value }\ntry await Task.sleep(nanoseconds: 1)\nawait t!.value",
        "let x = await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in c.resume(returning: 1); c.resume(returning: 2) }\nprint(x)",
        "var kept: CheckedContinuation<Int, Never>?\nprint(await withCheckedContinuation { kept = $0 })",
        "for _ in 0..<N { Task { await Task.yield() } }\nawait Task.yield()",
        "let spin = Task { while true { await Task.yield() } }\nawait spin.value",
        "let s = AsyncStream<Int> { c in for i in 0..<N { c.yield(i) } }\nfor await x in s { print(x) }",
        "print(await withTaskGroup(of: Int.self) { g in for i in 0..<N { g.addTask { i } }; var t = 0; for await v in g { t += v }; return t })",
        "import Combine\nlet s = PassthroughSubject<Int, Never>()\nfor await v in s.values { print(v) }",
        "import Combine\nfor await v in (0..<N).publisher.values { if v > 3 { break } }",
        "async let a = Task.sleep(nanoseconds: N)\ntry await a",
        "func never() async -> Int { await withCheckedContinuation { (_: CheckedContinuation<Int, Never>) in } }\nfunc f() async { async let x = never() }\nawait f()",
        "func deep(_ n: Int) async -> Int { if n == 0 { try? await Task.sleep(nanoseconds: N); return 0 }; async let x = deep(n - 1); return await x + 1 }\nlet t = Task { await deep(N) }\nt.cancel()\nprint(await t.value)",
        "let t = Task { await withTaskGroup(of: Void.self) { g in for _ in 0..<N { g.addTask { while !Task.isCancelled { await Task.yield() } } } } }\nawait Task.yield()\nt.cancel()\nawait t.value",
    ]

    /// One input of a random shape.
    public static func make(rng: inout SplitMix64) -> String {
        switch rng.below(9) {
        case 7: return fill(rng.pick(lentReceivers), &rng)
        case 6: return fill(rng.pick(concurrency), &rng)
        case 0: return fill(rng.pick(numeric), &rng)
        case 1: return fill(rng.pick(ranges), &rng)
        case 2: return fill(rng.pick(counted), &rng)
        case 3: return fill(rng.pick(hugeRanges), &rng)
        case 4: return rng.pick(recursion)
        case 5: return chain(&rng)
        default: return nested(&rng)
        }
    }

    /// The template with each `A`, `B` and `N` standing alone replaced by a random value.
    static func fill(_ template: String, _ rng: inout SplitMix64) -> String {
        var text = template
        for (placeholder, values) in [("A", integers), ("B", integers), ("N", counts)] {
            while let range = firstWord(placeholder, in: text) {
                text.replaceSubrange(range, with: "(\(rng.pick(values)))")
            }
        }
        return text
    }

    /// Where `word` first occurs not as part of a longer name.
    private static func firstWord(_ word: String, in text: String) -> Range<String.Index>? {
        func isNamePart(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_"
        }
        var start = text.startIndex
        while let found = text[start...].firstRange(of: word) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !isNamePart(before) && !isNamePart(after) { return found }
            start = found.upperBound
        }
        return nil
    }

    /// Hundreds to thousands of operators in one chain.
    private static func chain(_ rng: inout SplitMix64) -> String {
        let length = rng.pick([200, 1_000, 2_500, 3_000, 6_000])
        let link = rng.pick([".map { $0 }", ".filter { _ in true }", ".append(1)", ".eraseToAnyPublisher()"])
        let base = rng.pick(["s", "[1].publisher", "Just(1)"])
        return "import Combine\nlet s = PassthroughSubject<Int, Never>()\nlet c = \(base)"
            + String(repeating: link, count: length) + ".sink { _ in }\ns.send(1)"
    }

    /// Brackets or operators nested deep.
    private static func nested(_ rng: inout SplitMix64) -> String {
        let depth = rng.pick([8, 12, 13, 20, 30, 300])
        switch rng.below(4) {
        case 0: return "let a = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        case 1:
            return "print(" + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + ")"
        case 2: return "print(" + Array(repeating: "1", count: depth * 100).joined(separator: " + ") + ")"
        default:
            return "let a = " + String(repeating: "[1, ", count: depth) + "2" + String(repeating: "]", count: depth)
        }
    }
}
