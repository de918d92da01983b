import Testing
import UndercurrentHarness
import UndercurrentSession

/// Thousands of broken inputs (every project snippet mutated, plus token soup) through one
/// REPL session per batch: nothing traps (a trap ends the test process), no input hangs,
/// every input ends in output or a clear error, and the session still answers
/// `print(1+1)` after each batch. `undercurrent fuzz --count 20000` runs a longer search.
@Suite struct FuzzTests {
    static let seed: UInt64 = 20_240_601
    static let inputs = 2_000

    @Test func brokenInputsNeverTrapHangOrBreakTheSession() throws {
        let snippets = Fuzzer.loadSnippets(from: TestPaths.snippets.path)
        try #require(snippets.count >= TestPaths.minimumSnippetCount, "no snippets at \(TestPaths.snippets.path)")
        let report = LargeStack.run { () -> Fuzzer.Report in
            let fuzzer = Fuzzer(seed: Self.seed, snippets: snippets)
            fuzzer.timeout = 30
            return fuzzer.run(count: Self.inputs)
        }
        print("fuzz: \(report.summary)")
        #expect(report.inputs == Self.inputs)
        for failure in report.failures {
            Issue.record("\(failure)")
        }
        // The mix is meant to reach the evaluator, not only the parser.
        #expect(report.withOutput > Self.inputs / 20, "too few inputs ran: \(report.summary)")
        #expect((report.errorsByKind["runtime error"] ?? 0) > 0)
    }

    /// Lesson files and progress files as a stranger or a crash might leave them: linted,
    /// loaded and used by the lesson commands without a trap (a trap ends the test process).
    @Test func brokenLessonAndProgressFilesNeverTrap() {
        let lessons = TestPaths.repository.appendingPathComponent("lessons")
        let report = LargeStack.run { () -> FileFuzzer.Report in
            FileFuzzer(seed: Self.seed, lessonsDirectory: lessons).run(count: 300)
        }
        print("fuzz: \(report.summary)")
        #expect(report.lessonFiles == 150 && report.progressFiles == 150)
        // The mutations reach both sides: files refused with diagnostics, and files used.
        #expect(report.refusedLessons > 0 && report.refusedLessons < report.lessonFiles)
        #expect(report.lintedWithCode > 0)
        #expect(report.progressMessages > 0 && report.progressMessages < report.progressFiles)
    }

    /// Inputs of the shapes that once broke the session are part of every run.
    @Test func shapesAreInTheMix() {
        let fuzzer = Fuzzer(seed: Self.seed, snippets: [Fuzzer.Snippet(name: "a", source: "print(1)")])
        let shapes = (0..<400).map { fuzzer.input(at: $0) }.filter { $0.origin == "shape" }
        #expect(shapes.count == 50)
        #expect(shapes.contains { $0.text.contains("Int.m") })
        #expect(shapes.contains { $0.text.contains("mk()") || $0.text.contains("mk(0)") })
    }

    @Test func generationIsDeterministic() {
        let snippets = [Fuzzer.Snippet(name: "a", source: "let a = [1, 2, 3]\nprint(a.map { $0 * 2 })\n{ (x) in x }")]
        let first = Fuzzer(seed: 7, snippets: snippets)
        let second = Fuzzer(seed: 7, snippets: snippets)
        for index in [0, 1, 7, 100, 9_999] {
            #expect(first.input(at: index).text == second.input(at: index).text)
        }
        #expect(
            Fuzzer(seed: 8, snippets: snippets).input(at: 3).text != first.input(at: 3).text
                || Fuzzer(seed: 8, snippets: snippets).input(at: 4).text != first.input(at: 4).text)
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        #expect((0..<10).map { _ in a.next() } == (0..<10).map { _ in b.next() })
    }

    /// Value dumps are failures; the learner's own code quoted in a message is not.
    @Test func internalLookingMessagesAreTold() {
        #expect(
            Fuzzer.looksInternal(
                "uncaught error: Swift.DecodingError.dataCorrupted(Swift.DecodingError.Context(codingPath: []))"))
        #expect(Fuzzer.looksInternal("missingOperator(\"+++\", Swift.SourceLocation)"))
        #expect(Fuzzer.looksInternal(""))
        #expect(!Fuzzer.looksInternal("unexpected code 'Swift.print(\"x\")' before function"))
        #expect(!Fuzzer.looksInternal("cannot find `Swift.foo` in scope"))
        #expect(Fuzzer.looksInternal("the value doesn't fit: Swift.Int"))
        #expect(
            !Fuzzer.looksInternal(
                "uncaught error: DecodingError.dataCorrupted: Data was corrupted. Debug description: not JSON."))
        // A thrown URLError is described as Foundation describes it (compiled code prints this).
        #expect(!Fuzzer.looksInternal("uncaught error: Error Domain=NSURLErrorDomain Code=-999 \"(null)\""))
        #expect(Fuzzer.looksInternal("could not read: Error Domain=NSCocoaErrorDomain Code=4 \"(null)\""))
        // The standard library's CancellationError, as compiled code prints it uncaught.
        #expect(!Fuzzer.looksInternal("uncaught error: Swift.CancellationError()"))
        #expect(Fuzzer.looksInternal("uncaught error: Swift.CancellationError() in Swift.Array<Value>"))
    }

    @Test func tokenizerGivesTheTextBack() {
        let source = "let x = 1_000 + 2.5 // hi\n\tfoo(.max(3)) { $0 }"
        #expect(FuzzMutator.tokenize(source).joined() == source)
    }

    @Test func demandMutationsReachTheDemandValues() {
        var rng = SplitMix64(seed: 1)
        var seen = Set<String>()
        for _ in 0..<200 {
            seen.insert(FuzzMutator.apply(.changeDemand, to: "s.request(.max(3))", rng: &rng))
        }
        #expect(seen.contains("s.request(.max(-1))"))
        #expect(seen.contains("s.request(.none)"))
    }
}
