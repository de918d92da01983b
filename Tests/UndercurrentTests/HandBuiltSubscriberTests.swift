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

    /// `type(of:)` of a subscription Combine made printed `Subscription`, the protocol's name,
    /// where compiled code prints the engine's private type (OpenCombine's `Inner<Probe>`;
    /// Apple's is undocumented). It is an error that says why, not a wrong name.
    @Test func theTypeOfASubscriptionCombineMadeIsAnErrorNotTheProtocolsName() {
        let probe = """
            import Combine
            final class Probe: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                func receive(subscription: Subscription) {
                    print(subscription, subscription is Probe)
                    print(type(of: subscription))
                }
                func receive(_ input: Int) -> Subscribers.Demand { .none }
                func receive(completion: Subscribers.Completion<Never>) {}
            }

            """
        for publisher in ["Just(1)", "[1, 2].publisher", "PassthroughSubject<Int, Never>()"] {
            let result = runScript(probe + "\(publisher).subscribe(Probe())")
            #expect(
                result.error?.message.contains("cannot name the type of a subscription that Combine made") == true,
                "\(publisher): \(result.error.map { "\($0)" } ?? result.output)")
            #expect(result.error?.location.line == 7, "\(publisher)")
            #expect(result.output.hasSuffix(" false\n"), "\(publisher): \(result.output)")
        }
    }

    /// The same for a subscriber Combine made and handed to a script publisher: it printed
    /// `AnySubscriber`, where compiled code prints `Sink<Int, Never>` or an operator's own
    /// subscriber (`Inner<Sink<Int, Never>>`).
    @Test func theTypeOfASubscriberCombineMadeIsAnErrorNotAnySubscriber() {
        let publisher = """
            import Combine
            struct P: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    Swift.print(type(of: subscriber))
                }
            }

            """
        for chain in ["P().sink { _ in }", "P().map { $0 + 1 }.sink { _ in }"] {
            let result = runScript(publisher + "let c = \(chain)")
            #expect(
                result.error?.message.contains("cannot name the type of a subscriber that Combine made") == true,
                "\(chain): \(result.error.map { "\($0)" } ?? result.output)")
        }
        // A subscriber of the script's own is still named (custom-subscription-identity).
        let own = runScript(
            publisher + """
                final class Mine: Subscriber {
                    typealias Input = Int
                    typealias Failure = Never
                    func receive(subscription: Subscription) {}
                    func receive(_ input: Int) -> Subscribers.Demand { .none }
                    func receive(completion: Subscribers.Completion<Never>) {}
                }
                P().subscribe(Mine())
                """)
        #expect(own.error == nil && own.output == "Mine\n", "\(own)")
    }
}
