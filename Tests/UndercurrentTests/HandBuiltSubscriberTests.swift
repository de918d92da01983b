import Testing
import UndercurrentInterpreter
import UndercurrentTrace

// Subscribers built by hand (Subscribers.Sink, Subscribers.Assign, AnySubscriber,
// CombineIdentifier): what they print and do is checked by oracle-backed snippets
// (subscribers-built-by-hand, any-subscriber); here, their trace and their errors.
@Suite struct HandBuiltSubscriberTests {
    @Test func aHandBuiltSinkIsTracedAsTheSinkItIsAndFollowsTheContract() {
        let run = CheckedRun.run(
            """
            import Combine
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
            [1, 2].publisher.subscribe(sink)
            """)
        #expect(run.diagnostic == nil)
        #expect(run.violations.isEmpty)
        #expect(
            run.calls.map { "\($0.target) \($0.kind.rawValue) \($0.argument)" } == [
                "Sequence subscribe Sink#1",
                "Sink#1 receiveSubscription Sequence.Inner#1",
                "Sequence.Inner#1 request .unlimited",
                "Sink#1 receiveValue 1",
                "Sink#1 receiveValue 2",
                "Sink#1 receiveCompletion .finished",
            ])
    }

    @Test func anAnySubscriberIsTracedUnderItsOwnName() {
        let run = CheckedRun.run(
            """
            import Combine
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            Just(1).subscribe(AnySubscriber(sink))
            """)
        #expect(run.diagnostic == nil)
        #expect(run.calls.first.map { "\($0.target) \($0.argument)" } == "Just AnySubscriber#1")
    }

    @Test func whatSwiftWouldRejectIsAnError() {
        expectScriptError(
            "import Combine\nlet a = AnySubscriber(5)", containing: "AnySubscriber(_:) takes a subscriber or a subject")
        expectScriptError(
            """
            import Combine
            final class Model { var value = 0 }
            struct Boom: Error {}
            let assign = Subscribers.Assign(object: Model(), keyPath: \\.value)
            Fail<Int, Boom>(error: Boom()).subscribe(assign)
            """,
            containing: "expects errors of another type than the publisher's Failure")
        expectScriptError(
            "import Combine\nlet assign = Subscribers.Assign(object: 1, keyPath: \\.value)",
            containing: "Subscribers.Assign needs a class instance")
        expectScriptError(
            "import Combine\nlet id = CombineIdentifier(3)", containing: "CombineIdentifier(_:) takes a class instance")
    }

    @Test func aGenericArgumentThatCannotBeToldIsAnErrorNotAGuess() {
        expectScriptError(
            """
            import Combine
            let sink = Subscribers.Sink(receiveCompletion: { (_: Subscribers.Completion<Never>) in }, receiveValue: { (_: Int) in })
            print(type(of: sink))
            """,
            containing: "cannot tell the generic arguments of this Sink")
    }
}
