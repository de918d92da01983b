import Testing
import UndercurrentInterpreter
import UndercurrentTrace

// Pieces of Combine's library that oracle-backed snippets cover for their output
// (map-with-several-key-paths, sequence-publisher-sequence-property, record-recording,
// url-error, connect-cancellable-release): here, their trace and their errors.
@Suite struct CombineLibraryTests {
    @Test func aKeyPathMapIsItsOwnPassThroughStage() {
        let run = CheckedRun.run(
            """
            import Combine
            struct User { let id: Int; let name: String }
            let c = Just(User(id: 1, name: "a")).map(\\.id, \\.name).sink { _ in }
            """)
        #expect(run.diagnostic == nil)
        #expect(run.violations.isEmpty)
        #expect(
            run.calls.prefix(4).map { "\($0.target) \($0.argument)" } == [
                "MapKeyPath2 Sink#1", "Just MapKeyPath2.Inner#1", "MapKeyPath2.Inner#1 Just.Inner#1",
                "Sink#1 Just.Inner#1",
            ])
    }

    @Test func severalArgumentsToMapMustBeKeyPaths() {
        expectScriptError(
            "import Combine\nlet c = Just(1).map({ $0 }, { $0 }).sink { _ in }",
            containing: "map with 2 arguments takes key paths")
    }

    @Test func recordingsRefuseWhatCombineWouldStopTheProgramOn() {
        expectScriptError(
            """
            import Combine
            var recording = Record<Int, Never>.Recording()
            recording.receive(completion: .finished)
            recording.receive(1)
            """,
            containing: "cannot receive values after its completion")
        expectScriptError(
            "import Combine\nlet r = Record<Int, Never>(recording: 5)", containing: "takes a Record.Recording")
    }

    @Test func urlErrorTakesACode() {
        expectScriptError("import Foundation\nlet e = URLError(5)", containing: "URLError(_:) takes a URLError.Code")
    }

    // Generics are erased at run time: where Swift's spelling of a type depends on a type
    // the interpreter cannot tell, printing it is an error, never a guess.
    @Test func aTypeThatCannotBeToldIsAnErrorNotAGuess() {
        expectScriptError(
            "import Combine\nprint(type(of: PassthroughSubject<Int, Never>().map { $0 }))",
            containing: "cannot tell what this map's closure returns")
        expectScriptError(
            "import Combine\nprint(Deferred { Just(1) })",
            containing: "cannot tell the type of the publisher this Deferred's closure makes")
        expectScriptError(
            "struct Stack<Element> { var items: [Element] = [] }\nprint(Stack<Int>())",
            containing: "cannot tell the generic argument Element of this Stack")
        // What can be told is spelled: the map applied when the chain was built, a filter
        // passing its subject's values on.
        expectOracleOutput(
            """
            import Combine
            print(type(of: Just(1).map { $0 * 2 }), type(of: PassthroughSubject<Int, Never>().filter { $0 > 0 }))
            struct Stack<Element> { var items: [Element] = [] }
            print(Stack(items: [1]))
            """,
            "Just<Int> Filter<PassthroughSubject<Int, Never>>\nStack<Int>(items: [1])\n")
    }

    // A breakpoint that fires stops the program under Combine (SIGTRAP); here it stops the input.
    @Test func aBreakpointThatFiresStopsTheInput() {
        expectScriptError(
            "import Combine\nlet c = [1, 2, 3].publisher.breakpoint(receiveOutput: { $0 == 2 }).sink { _ in }",
            containing: "breakpoint(receiveOutput:) returned true for 2")
        expectScriptError(
            """
            import Combine
            struct Boom: Error {}
            let c = Fail<Int, Boom>(error: Boom()).breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            """,
            containing: "breakpointOnError() received a failure: main.Boom()")
    }
}
