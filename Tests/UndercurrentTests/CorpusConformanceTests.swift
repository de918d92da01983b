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
    }

    static func run(_ pairs: [(name: String, source: URL, expected: URL)]) -> [Outcome] {
        pairs.map { pair in
            let source = (try? String(contentsOf: pair.source, encoding: .utf8)) ?? ""
            let expected = (try? String(contentsOf: pair.expected, encoding: .utf8)) ?? ""
            let result = LargeStack.run { () -> (String, String?) in
                var output = ""
                let run = ScriptRun(source: source, fileName: pair.name + ".swift", trace: false) { output += $0 }
                run.run()
                return (output, run.diagnostic)
            }
            let passed = result.0 == expected
            var detail = ""
            if !passed {
                detail = lineDiff(expected: expected, actual: result.0)
                if let diagnostic = result.1 { detail += "\nerror: \(diagnostic)" }
            }
            return Outcome(name: pair.name, passed: passed, detail: detail)
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

    @Test func projectSnippetsMatchOracleOutput() throws {
        let pairs = TestPaths.snippetPairs(in: TestPaths.snippets)
        // The snippets are the suite's reference: an empty or unreadable folder is a failure.
        try #require(
            pairs.count >= TestPaths.minimumSnippetCount,
            "only \(pairs.count) snippets in \(TestPaths.snippets.path)")
        let outcomes = Self.run(pairs)
        print("snippets: \(outcomes.filter(\.passed).count)/\(outcomes.count) pass")
        for outcome in outcomes {
            #expect(outcome.passed, "\(outcome.name) must print the oracle's output\n\(outcome.detail)")
        }
    }
}
