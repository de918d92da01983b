import Testing
import UndercurrentLessons
import UndercurrentSession
import UndercurrentTrace

/// The check vocabulary: each phrase parses, and judges a real run by its output and its
/// trace — with failures explained as expected beside actual, in the lesson's terms.
@Suite struct LessonsCheckTests {
    /// A subscription that sends every value it has, whatever the demand, and cannot be cancelled.
    static let greedy = """
        struct Numbers: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let count: Int
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: NumbersSubscription(count: count, subscriber: subscriber))
            }
        }
        final class NumbersSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
            var subscriber: S?
            let count: Int
            init(count: Int, subscriber: S) { self.count = count; self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                for value in 1...count { _ = subscriber?.receive(value) }
                subscriber?.receive(completion: .finished)
                subscriber?.receive(completion: .finished)
            }
            func cancel() {}
        }
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(2)) }
            func receive(_ input: Int) -> Subscribers.Demand {
                print("got", input)
                if input == 3 { subscription?.cancel() }
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) { print("done") }
        }
        Numbers(count: 4).subscribe(TakeTwo())
        """

    static let polite = """
        final class Polite: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand { print("polite", input); return input < 2 ? .max(1) : .none }
            func receive(completion: Subscribers.Completion<Never>) { print("polite done") }
        }
        [1, 2, 3].publisher.subscribe(Polite())
        """

    static func run(_ source: String) -> RunResult {
        LargeStack.run { TracedRun.run([TracedRun.Piece(source, name: "test")]) }
    }

    static func judge(_ checks: [String], _ run: RunResult) -> [CheckOutcome] {
        let parsed = checks.map { text -> Check in
            switch CheckParser.parse(text, line: 1) {
            case .success(let check): return check
            case .failure(let failure): fatalError("\(text): \(failure.message)")
            }
        }
        return CheckEvaluator.evaluate(parsed, on: run)
    }

    static func outcome(_ check: String, _ run: RunResult) -> CheckOutcome {
        judge([check], run).last!
    }

    @Test func demandHonouredExplainsWhatWasDeliveredAfterWhichRequest() {
        let run = Self.run(Self.greedy)
        let outcome = Self.outcome("demand honoured", run)
        #expect(!outcome.passed)
        #expect(outcome.expected == "at most 2 values after a request for .max(2)")
        #expect(
            outcome.actual == "your subscription NumbersSubscription#1 delivered 4 values after a request for .max(2)")
        #expect(Self.outcome("demand honoured", Self.run(Self.polite)).passed)
    }

    /// A learner's subscriber may ask for `.max(Int.max)` more than once: the check adds
    /// demands as Combine does, saturating, instead of overflowing (which killed the process).
    @Test func demandHonouredAddsHugeDemandsWithoutOverflow() {
        let source = """
            struct Two: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    subscriber.receive(subscription: TwoSubscription(subscriber: subscriber))
                }
            }
            final class TwoSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
                var subscriber: S?
                var sent = false
                init(subscriber: S) { self.subscriber = subscriber }
                func request(_ demand: Subscribers.Demand) {
                    guard !sent else { return }
                    sent = true
                    _ = subscriber?.receive(1)
                    _ = subscriber?.receive(2)
                }
                func cancel() { subscriber = nil }
            }
            final class Greedy: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                func receive(subscription: Subscription) {
                    subscription.request(.max(1))
                    subscription.request(.max(Int.max))
                    subscription.request(.max(Int.max))
                }
                func receive(_ input: Int) -> Subscribers.Demand { .none }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            Two().subscribe(Greedy())
            """
        let outcome = Self.outcome("demand honoured", Self.run(source))
        #expect(!outcome.passed)
        #expect(
            outcome.expected
                == "at most unlimited values (the demands add up past Int.max): request(.max(1)) + request(.max(9223372036854775807)) + request(.max(9223372036854775807))"
        )
    }

    @Test func demandHonouredCountsDemandReturnedFromReceive() {
        let source = Self.greedy.replacingOccurrences(
            of: "return .none\n    }\n    func receive(completion",
            with: "return input == 1 ? .max(1) : .none\n    }\n    func receive(completion")
        let outcome = Self.outcome("demand honoured", Self.run(source))
        #expect(!outcome.passed)
        #expect(outcome.expected == "at most 3 values: request(.max(2)) + .max(1) returned from receive(_:)")
        #expect(
            outcome.actual.hasPrefix(
                "your subscription NumbersSubscription#1 delivered 4 values; the first one nobody asked for was receive(4)"
            ))
    }

    @Test func completionExactlyOnceAndNothingAfterIt() {
        let run = Self.run(Self.greedy)
        let once = Self.outcome("completes exactly once", run)
        #expect(!once.passed)
        #expect(once.actual.hasPrefix("TakeTwo#1 received receive(completion:) 2 times"))
        // Polite stops at 2 of 3: no completion.
        #expect(Self.outcome("completes exactly once", Self.run(Self.polite)).passed == false)
        #expect(Self.outcome("no values after completion", run).passed)
        #expect(Self.outcome("completes exactly once", Self.run("let c = [1].publisher.sink { _ in }")).passed)
    }

    @Test func noValuesAfterCancelNamesTheCancelAndTheValue() {
        let outcome = Self.outcome("no values after cancel", Self.run(Self.greedy))
        #expect(!outcome.passed)
        #expect(outcome.actual.hasPrefix("after NumbersSubscription#1.cancel() (#"))
        #expect(outcome.actual.contains("TakeTwo#1 still received receive(4)"))
    }

    @Test func followsTheContractUsesTheContractChecker() {
        let broken = Self.outcome("follows the contract", Self.run(Self.greedy))
        #expect(!broken.passed)
        #expect(broken.actual.contains("§1.1 more values than requested"))
        #expect(broken.actual.contains("more)"))
        #expect(Self.outcome("follows the contract", Self.run(Self.polite)).passed)
    }

    @Test func subscriptionBeforeValues() {
        #expect(Self.outcome("subscription before values", Self.run(Self.greedy)).passed)
        let early = """
            final class Eager: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                func receive(subscription: Subscription) {}
                func receive(_ input: Int) -> Subscribers.Demand { .none }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            struct Rude: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    _ = subscriber.receive(1)
                }
            }
            Rude().subscribe(Eager())
            """
        let run = Self.run(early)
        // The engine may refuse the call as a contract violation; either way no value may come first.
        if run.diagnostic == nil {
            #expect(!Self.outcome("subscription before values", run).passed)
        }
    }

    @Test func countsOfEachKindWithAndWithoutANAme() {
        let run = Self.run(Self.greedy)
        #expect(Self.outcome("exactly 4 values to TakeTwo", run).passed)
        #expect(Self.outcome("4 values", run).passed)
        #expect(Self.outcome("at least 1 cancel", run).passed)
        #expect(Self.outcome("at most 1 request", run).passed)
        #expect(Self.outcome("2 completions to TakeTwo#1", run).passed)
        #expect(Self.outcome("no failures", run).passed)
        #expect(Self.outcome("1 subscription to TakeTwo", run).passed)
        #expect(Self.outcome("1 subscribe on Numbers", run).passed)
        let wrong = Self.outcome("exactly 2 values delivered to TakeTwo", run)
        #expect(!wrong.passed)
        #expect(wrong.expected == "exactly 2 values to TakeTwo")
        #expect(wrong.actual.hasPrefix("4 values to TakeTwo: #"))
        #expect(!Self.outcome("no values to Sink", Self.run("let c = [1].publisher.sink { _ in }")).passed)
    }

    @Test func callsAndTheirOrder() {
        let run = Self.run(Self.polite)
        #expect(Self.outcome("call request(.max(1))", run).passed)
        #expect(Self.outcome("call Polite.receive(1) -> .max(1)", run).passed)
        #expect(Self.outcome("call receive(_:) → .none", run).passed)
        #expect(Self.outcome("no call cancel()", run).passed)
        #expect(Self.outcome("in order: receive(subscription:), request(.max(1)), receive(1), receive(2)", run).passed)
        let missing = Self.outcome("call request(.unlimited)", run)
        #expect(!missing.passed)
        #expect(missing.actual.hasPrefix("the request(_:) calls were: #"))
        let order = Self.outcome("in order: receive(2), receive(1)", run)
        #expect(!order.passed)
        #expect(order.actual.contains("receive(1) happened only earlier"))
    }

    @Test func valuesAndFinalDemand() {
        let run = Self.run(Self.polite)
        #expect(Self.outcome("values to Polite are 1, 2", run).passed)
        #expect(Self.outcome("demand ends at 0", run).passed)
        let values = Self.outcome("values to Polite are 1, 2, 3", run)
        #expect(!values.passed)
        #expect(values.expected == "Polite receives 1, 2, 3")
        #expect(values.actual == "Polite received 1, 2")
        #expect(Self.outcome("demand ends at unlimited", Self.run("let c = [1].publisher.sink { _ in }")).passed)
    }

    @Test func demandNeverAboveJudgesASubscriberThatAsksOneAtATime() {
        let polite = Self.run(Self.polite)
        #expect(Self.outcome("demand never above 1", polite).passed)
        let greedy = Self.outcome("demand never above 1", Self.run(Self.greedy))
        #expect(!greedy.passed)
        #expect(greedy.expected == "outstanding demand never above 1")
        #expect(
            greedy.actual.hasPrefix(
                "#3 NumbersSubscription#1.request(.max(2)) made the demand of NumbersSubscription#1 2"))
        #expect(greedy.evidence == [3])
        let unlimited = Self.outcome("demand never above 5", Self.run("let c = [1].publisher.sink { _ in }"))
        #expect(!unlimited.passed && unlimited.actual.contains("∞"))
    }

    /// A failed check carries the calls that show it, and its concept.
    @Test func failuresCarryTheirEvidenceAndConcept() {
        let run = Self.run(Self.greedy)
        let honoured = Self.outcome("[back-pressure] demand honoured", run)
        #expect(honoured.check.concept == "back-pressure")
        // The request, then the first value nobody asked for.
        #expect(honoured.evidence == [3, 6])
        let cancel = Self.outcome("no values after cancel", run)
        #expect(cancel.check.concept == "cancellation")
        #expect(cancel.evidence.count == 2)
        #expect(Self.outcome("completes exactly once", run).evidence.count == 2)
        #expect(Self.outcome("output is \"x\"", run).check.concept == "output")
        #expect(Self.outcome("1 deinit of TakeTwo", run).check.concept == "lifetime")
    }

    /// An exercise's run also fails when a call breaks the contract, though no check says so.
    @Test func aRunThatBreaksTheContractFailsImplicitly() {
        let run = Self.run(Self.greedy)
        let outcomes = CheckEvaluator.evaluate(
            [try! CheckParser.parse("output contains \"got\"", line: 1).get()], on: run, contract: true)
        #expect(outcomes.map(\.check.text) == ["output contains \"got\"", "follows the contract"])
        #expect(outcomes.last?.check.concept == "contract" && outcomes.last?.passed == false)
        let clean = CheckEvaluator.evaluate([], on: Self.run(Self.polite), contract: true)
        #expect(clean.isEmpty)
    }

    @Test func outputChecks() {
        let run = Self.run(Self.polite)
        #expect(Self.outcome("output is \"polite 1\\npolite 2\"", run).passed)
        #expect(Self.outcome("output is \"polite 1\\npolite 2\\n\"", run).passed)
        #expect(Self.outcome("output contains \"polite 2\"", run).passed)
        #expect(Self.outcome("output does not contain \"polite 3\"", run).passed)
        let exact = Self.outcome("output is \"polite 1\"", run)
        #expect(!exact.passed)
        #expect(exact.expected == "polite 1")
        #expect(exact.actual == "polite 1\npolite 2")
    }

    @Test func anErrorFailsTheImplicitCheckUnlessOneIsExpected() {
        let run = Self.run("let x: Int? = nil\nprint(x!)")
        let outcomes = Self.judge(["output is \"\""], run)
        #expect(outcomes.count == 2)
        #expect(outcomes[0].check.text == "runs without error" && !outcomes[0].passed)
        #expect(outcomes[0].actual.contains("unexpectedly found nil"))
        let expected = Self.judge(["error contains \"nil\""], run)
        #expect(expected.count == 1 && expected[0].passed)
    }

    @Test func aRunawayProgramIsStopped() {
        let run = Self.run("var n = 0\nwhile true { n += 1 }")
        #expect(run.diagnostic?.contains("evaluation steps") == true)
    }

    @Test func parseErrorsSayWhatIsWrong() {
        func failure(_ text: String) -> String? {
            if case .failure(let failure) = CheckParser.parse(text, line: 3) { return failure.message }
            return nil
        }
        #expect(failure("output is got 1")?.contains("double quotes") == true)
        #expect(
            failure("output is:") == "`output is:` must be followed by a fenced block (```) holding the exact output")
        #expect(failure("exactly two values")?.contains("whole number") == true)
        #expect(failure("3 apples")?.contains("what is counted") == true)
        #expect(failure("call fetch()")?.contains("is not a call") == true)
        #expect(failure("call request(.some)")?.contains("is not a demand") == true)
        #expect(failure("in order: cancel()")?.contains("at least two calls") == true)
        #expect(failure("demand ends at lots")?.contains("a number or `unlimited`") == true)
        #expect(failure("values to X")?.contains("are") == true)
        #expect(failure("no values after lunch")?.contains("no values after completion") == true)
        #expect(failure("output is \"unterminated")?.contains("double quotes") == true)
        #expect(failure("output contains \"bad \\q\"")?.contains("unknown escape") == true)
    }

    @Test func notesFollowTwoSlashesOutsideText() throws {
        let check = try CheckParser.parse("output contains \"a // b\" // the note", line: 1).get()
        #expect(check.rule == .outputContains("a // b"))
        #expect(check.note == "the note")
    }
}
