import Foundation
import Testing
import UndercurrentSession

/// Every reference snippet runs as `undercurrent run` would, and its output is compared
/// byte for byte with the compiled program's (made by `scripts/oracle`). The project's own
/// snippets must all pass. The shared corpus beside the repository, when present, is an extra
/// check: the snippets named in corpus-must-pass.txt must pass, the others are counted.
@Suite struct CorpusConformanceTests {
    struct Outcome {
        var name: String
        var passed: Bool
        var detail: String
        /// Compared with Apple's expected output (AppleDifferences/) rather than the oracle's.
        var againstApple = false
    }

    /// - Parameter traced: run as the REPL does, every call recorded: what the program prints
    ///   must not change (`custom-subscription-identity` printed `Subscription`, not
    ///   `Countdown`, once a tracer wrapped the calls).
    static func run(_ pairs: [(name: String, source: URL, expected: URL)], traced: Bool = false) -> [Outcome] {
        pairs.map { pair in
            let source = (try? String(contentsOf: pair.source, encoding: .utf8)) ?? ""
            let apple = TestPaths.appleExpectation(for: pair.name)
            let expected = (try? String(contentsOf: apple ?? pair.expected, encoding: .utf8)) ?? ""
            let result = LargeStack.run { () -> (String, String?) in
                var output = ""
                let run = ScriptRun(source: source, fileName: pair.name + ".swift", trace: traced) { output += $0 }
                run.run()
                return (output, run.diagnostic)
            }
            let passed = result.0 == expected
            var detail = ""
            if !passed {
                detail = lineDiff(expected: expected, actual: result.0)
                if let diagnostic = result.1 { detail += "\nerror: \(diagnostic)" }
            }
            return Outcome(name: pair.name, passed: passed, detail: detail, againstApple: apple != nil)
        }
    }

    @Test(.enabled(if: TestPaths.sharedCorpusIsPresent, "no shared corpus beside the repository"))
    func sharedCorpusMatchesCompiledOutput() throws {
        let pairs = TestPaths.snippetPairs(in: TestPaths.sharedCorpus)
        try #require(!pairs.isEmpty, "no corpus found at \(TestPaths.sharedCorpus.path)")
        let mustPass = Set(
            try String(contentsOf: TestPaths.mustPassList, encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") })
        let outcomes = Self.run(pairs)
        let passing = outcomes.filter(\.passed).count
        print("corpus: \(passing)/\(outcomes.count) pass")
        for name in mustPass {
            #expect(outcomes.contains { $0.name == name }, "\(name) is on the must-pass list but not in the corpus")
        }
        for outcome in outcomes where mustPass.contains(outcome.name) {
            #expect(outcome.passed, "\(outcome.name) must print the compiled output\n\(outcome.detail)")
        }
    }

    /// Every file of Apple's expected output names a snippet, still differs from the oracle's
    /// output for it (the difference is real, and the file not stale), and is listed with its
    /// reason and source in the folder's README.
    @Test func appleExpectationsAreRealDifferencesAndCited() throws {
        let names = TestPaths.appleDifferenceNames
        try #require(!names.isEmpty, "no files in \(TestPaths.appleDifferences.path)")
        let readme = try String(
            contentsOf: TestPaths.appleDifferences.appendingPathComponent("README.md"), encoding: .utf8)
        let pairs =
            TestPaths.snippetPairs(in: TestPaths.snippets)
            + (TestPaths.sharedCorpusIsPresent ? TestPaths.snippetPairs(in: TestPaths.sharedCorpus) : [])
        for name in names {
            #expect(readme.contains("| `\(name)` |"), "\(name).out is not listed in AppleDifferences/README.md")
            let projectSnippet = TestPaths.snippets.appendingPathComponent(name + ".swift")
            guard let pair = pairs.first(where: { $0.name == name }) else {
                #expect(
                    !FileManager.default.fileExists(atPath: projectSnippet.path),
                    "\(name) has Apple's output but no oracle output")
                #expect(
                    !TestPaths.sharedCorpusIsPresent, "\(name).out in AppleDifferences names no snippet")
                continue
            }
            let oracle = try String(contentsOf: pair.expected, encoding: .utf8)
            let apple = try String(
                contentsOf: TestPaths.appleDifferences.appendingPathComponent(name + ".out"), encoding: .utf8)
            #expect(oracle != apple, "AppleDifferences/\(name).out is the oracle's output: remove it")
        }
    }

    @Test func projectSnippetsMatchOracleOutput() throws {
        let pairs = TestPaths.snippetPairs(in: TestPaths.snippets)
        // The snippets are the suite's reference: an empty or unreadable folder is a failure.
        try #require(
            pairs.count >= TestPaths.minimumSnippetCount,
            "only \(pairs.count) snippets in \(TestPaths.snippets.path)")
        let outcomes = Self.run(pairs)
        print("snippets: \(outcomes.filter(\.passed).count)/\(outcomes.count) pass")
        for outcome in outcomes {
            let reference = outcome.againstApple ? "Apple's output (AppleDifferences/)" : "the oracle's output"
            #expect(outcome.passed, "\(outcome.name) must print \(reference)\n\(outcome.detail)")
        }
    }

    /// The REPL traces by default: a script must print the same with every call recorded.
    @Test func projectSnippetsPrintTheSameWhileTraced() throws {
        let pairs = TestPaths.snippetPairs(in: TestPaths.snippets)
        try #require(pairs.count >= TestPaths.minimumSnippetCount)
        for outcome in Self.run(pairs, traced: true) {
            #expect(outcome.passed, "\(outcome.name), traced, must print what it prints untraced\n\(outcome.detail)")
        }
    }
}
