import Testing
import UndercurrentInterpreter

// Expectations shared by the suites. A failed comparison of two texts prints a line diff,
// not both texts whole.

/// Runs `source` as `undercurrent run` does and expects it to print exactly `expected`
/// (the compiled program's output, made by `scripts/oracle`) with no error.
func expectOracleOutput(
    _ source: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let result = runScript(source)
    #expect(result.error == nil, "\(result.error.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    expectSameText(result.output, expected, sourceLocation: sourceLocation)
}

/// Runs `source` and expects it to stop with an error whose message contains `message`,
/// and, when `kind` is given, of that kind.
func expectScriptError(
    _ source: String, _ kind: ScriptError.Kind? = nil, containing message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let result = runScript(source)
    let got = result.error.map { "\($0)" } ?? "no error; printed:\n\(result.output)"
    if let kind {
        #expect(result.error?.kind == kind, "got \(got)", sourceLocation: sourceLocation)
    }
    #expect(result.error?.message.contains(message) == true, "got \(got)", sourceLocation: sourceLocation)
}

/// Expects two texts to be equal; when they are not, the failure shows a line diff.
func expectSameText(_ actual: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if actual != expected {
        Issue.record(
            "output differs (- expected, + actual):\n\(lineDiff(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
    }
}

/// A unified-style line diff: unchanged lines start with two spaces, missing ones with
/// "- ", extra ones with "+ ". Runs of more than three unchanged lines are elided. A
/// difference only in trailing newlines is spelled out, since the lines themselves agree.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Longest common subsequence, by dynamic programming from the ends; outputs are small.
    guard old.count * new.count <= 4_000_000 else {
        let first =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        return "texts too long to diff; first difference at line \(first + 1):\n- "
            + (first < old.count ? old[first] : "<end>") + "\n+ " + (first < new.count ? new[first] : "<end>")
    }
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var lines: [(mark: Character, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            lines.append((" ", old[i]))
            i += 1
            j += 1
        } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
            lines.append(("+", new[j]))
            j += 1
        } else {
            lines.append(("-", old[i]))
            i += 1
        }
    }
    if !lines.contains(where: { $0.mark != " " }) {
        return "the lines agree; the texts differ in line endings or invisible characters"
    }
    var shown: [String] = []
    for (index, line) in lines.enumerated() {
        let nearChange = lines[max(0, index - 3)...min(lines.count - 1, index + 3)].contains { $0.mark != " " }
        if line.mark != " " || nearChange {
            shown.append("\(line.mark) \(line.text)")
        } else if shown.last != "  …" {
            shown.append("  …")
        }
    }
    return shown.joined(separator: "\n")
}
