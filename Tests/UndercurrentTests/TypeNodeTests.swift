import Testing
import UndercurrentInterpreter

@testable import UndercurrentStreams

/// A type's name as the runtime spells it, read into a tree and spelled again: qualified as
/// `debugPrint` shows it, unqualified as `print(type(of:))` does. A tuple and a function type
/// are spelled element by element; they were read as one name, qualified inside.
@Suite struct TypeNodeTests {
    @Test(arguments: [
        ("Swift.Array<Swift.Int>", "Array<Int>", "Swift.Array<Swift.Int>"),
        ("(Swift.Int, Swift.String)", "(Int, String)", "(Swift.Int, Swift.String)"),
        ("(key: Swift.String, value: Swift.Int)", "(key: String, value: Int)", "(key: Swift.String, value: Swift.Int)"),
        ("()", "()", "()"),
        (
            "OpenCombine.Just<(Swift.Int, Swift.String)>", "Just<(Int, String)>",
            "Combine.Just<(Swift.Int, Swift.String)>"
        ),
        (
            "Swift.Array<(key: Swift.String, value: Swift.Array<Swift.Int>)>",
            "Array<(key: String, value: Array<Int>)>",
            "Swift.Array<(key: Swift.String, value: Swift.Array<Swift.Int>)>"
        ),
        ("(Swift.Int) -> Swift.Bool", "(Int) -> Bool", "(Swift.Int) -> Swift.Bool"),
        ("() throws -> Swift.String", "() throws -> String", "() throws -> Swift.String"),
        (
            "OpenCombine.Just<(Swift.Int) -> Swift.Bool>", "Just<(Int) -> Bool>",
            "Combine.Just<(Swift.Int) -> Swift.Bool>"
        ),
        ("main.(unknown context at $10e).Local", "Local", "main.(unknown context at $10e).Local"),
    ])
    func isSpelledAsSwiftSpellsIt(name: String, plain: String, qualified: String) throws {
        let node = try TypeNode.parse(name)
        #expect(node.spelled(qualified: false) == plain)
        #expect(node.spelled(qualified: true) == qualified)
        #expect(node.source == name)
    }

    @Test(arguments: ["(Swift.Int", "Swift.Array<(Swift.Int, Swift.String>", "(Swift.Int, Swift.String"])
    func aMalformedNameIsAnError(name: String) {
        #expect(throws: ScriptError.self) { try TypeNode.parse(name) }
    }
}
