import Foundation
import Testing
import UndercurrentSession
import UndercurrentTrace

/// Where did my value go? A `send` to a subject is shown, and a value the subject did not
/// deliver is an event of its own under it, in the trace, the ledger, the marbles and the
/// exports, and never a contract violation.
///
/// Apple's documentation of `PassthroughSubject`: "A PassthroughSubject drops values if there
/// are no subscribers, or its current demand is zero." OpenCombine 0.14.0 does the same (the
/// oracle's output of these scripts has no line for the dropped values).
@Suite struct LostValuesTests {
    /// Three sends through `flatMap(maxPublishers: .max(1))` whose inner publisher is delayed:
    /// the first is taken, the next two arrive while the flatMap has no demand.
    static let flatMapScript = """
        import Combine
        let s = PassthroughSubject<Int, Never>()
        let c = s.flatMap(maxPublishers: .max(1)) { v in Just(v).delay(for: .seconds(1), scheduler: DispatchQueue.main) }
            .sink { print($0) }
        s.send(1)
        s.send(2)
        s.send(3)
        """

    @Test func aValueSentWithoutDemandIsDroppedUnderItsSend() {
        let shown = runSession([Self.flatMapScript], trace: true)[0]
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("PassthroughSubject#1.send(1)") })
        // Value 1 is delivered under its send; 2 and 3 are dropped under theirs.
        let sendTwo = lines.firstIndex { $0.hasSuffix("PassthroughSubject#1.send(2)") }
        let dropTwo = lines.firstIndex { $0.contains("└─ ✕ dropped 2: FlatMap.Outer#1 has no demand") }
        #expect(sendTwo != nil && dropTwo == sendTwo.map { $0 + 1 }, "got: \(shown)")
        #expect(lines.contains { $0.contains("└─ ✕ dropped 3: FlatMap.Outer#1 has no demand") })
        #expect(!lines.contains { $0.contains("dropped 1") })
        // Combine working as designed: not a broken rule.
        #expect(!shown.contains("Contract check"), "got: \(shown)")
        // The program's output is the compiled program's: only 1 arrives.
        #expect(shown.contains("» 1") && !shown.contains("» 2"))
    }

    @Test func aSendThatReachesNoSubscriberSaysSo() {
        // The most common Combine bug: the AnyCancellable was not kept, so the sink is gone.
        let shown = runSession(
            [
                """
                import Combine
                let subject = PassthroughSubject<Int, Never>()
                func listen() { let c = subject.sink { print("got", $0) } }
                listen()
                subject.send(1)
                """
            ], trace: true)[0]
        #expect(shown.contains("PassthroughSubject.Conduit#1.cancel()"))
        #expect(shown.contains("PassthroughSubject#1.send(1)\n#6    └─ ✕ dropped 1: no subscriber"), "got: \(shown)")
    }

    @Test func aCancelSaysWhichVariableWentOutOfScope() {
        let shown = runSession(
            [
                "import Combine\nlet subject = PassthroughSubject<Int, Never>()",
                "func listen() {\n    let c = subject.sink { print(\"got\", $0) }\n}\nlisten()\nsubject.send(1)",
                "do {\n    let kept = subject.sink { print(\"kept\", $0) }\n    subject.send(2)\n}",
                "let explicit = subject.sink { _ in }\nexplicit.cancel()",
            ], trace: true)
        // The AnyCancellable in `c` goes with the function's scope, at its closing brace.
        #expect(
            shown[1].contains("PassthroughSubject.Conduit#1.cancel()  ← `c` went out of scope (<input 2>:3:1)"),
            "got: \(shown[1])")
        #expect(shown[1].contains("└─ ✕ dropped 1: no subscriber"))
        #expect(
            shown[2].contains("PassthroughSubject.Conduit#2.cancel()  ← `kept` went out of scope (<input 3>:4:1)"),
            "got: \(shown[2])")
        // A cancel the script calls has no cause to show.
        #expect(
            shown[3].contains("PassthroughSubject.Conduit#3.cancel()\n")
                || shown[3].hasSuffix("PassthroughSubject.Conduit#3.cancel()"),
            "got: \(shown[3])")
        #expect(!shown[3].contains("went out of scope"))
    }

    @Test func aCancelSaysWhenNothingKeptTheCancellable() {
        let shown = runSession(
            [
                "import Combine\nlet subject = PassthroughSubject<Int, Never>()",
                "_ = subject.sink { print($0) }\nsubject.sink { print($0) }\nlet _ = subject.sink { print($0) }",
            ], trace: true)[1]
        #expect(
            shown.contains("PassthroughSubject.Conduit#1.cancel()  ← discarded by `_ =` (<input 2>:1:1)"),
            "got: \(shown)")
        #expect(shown.contains("PassthroughSubject.Conduit#2.cancel()  ← its result was not kept (<input 2>:2:1)"))
        #expect(shown.contains("PassthroughSubject.Conduit#3.cancel()  ← discarded by `_ =`"))
    }

    @Test func aCurrentValueSubjectKeepsWhatItCannotDeliver() {
        // A CurrentValueSubject stores the value and gives it to the next subscriber: nothing is dropped.
        let shown = runSession(
            [
                """
                import Combine
                let current = CurrentValueSubject<Int, Never>(0)
                current.send(5)
                let kept = current.sink { print("current", $0) }
                current.send(6)
                """
            ], trace: true)[0]
        #expect(
            shown.hasPrefix(
                "#1    CurrentValueSubject#1.send(5)\n#2    CurrentValueSubject#1.receive(subscriber: Sink#1)"))
        #expect(shown.contains("CurrentValueSubject#1.send(6)\n#7    └─ Sink#1.receive(6) → .none"), "got: \(shown)")
        #expect(!shown.contains("dropped"))
    }

    @Test func droppedValuesAppearInTheLedgerMarblesAndExports() {
        let run = CheckedRun.run(Self.flatMapScript)
        let dropped = run.events.filter { $0.kind == .dropped }
        #expect(dropped.map(\.argument) == ["2", "3"])
        #expect(
            dropped.allSatisfy { $0.target == "FlatMap.Outer#1" && $0.subscription == "PassthroughSubject.Conduit#1" })
        #expect(run.violations.isEmpty)

        let ledger = DemandLedger(events: run.events).focused(on: "FlatMap.Outer#1").render()
        #expect(
            ledger.contains {
                $0.contains("dropped 2 (no demand)") && $0.contains("lost") && $0.hasSuffix("balance 0")
            },
            "got: \(ledger)")

        let marbles = MarbleRenderer().render(run.events)
        let outerRow = marbles.first { $0.hasPrefix("FlatMap.Outer#1 ") }
        #expect(outerRow?.contains("✕2") == true && outerRow?.contains("✕3") == true, "got: \(marbles)")

        let json = TraceExport.render(run.events, format: .json)
        #expect(
            json.contains("\"kind\" : \"dropped\"") || json.contains("\"kind\":\"dropped\""), "got: \(json.prefix(400))"
        )
        #expect(json.contains("\"kind\" : \"send\"") || json.contains("\"kind\":\"send\""))
        let mermaid = TraceExport.render(run.events, format: .mermaid)
        let notes = TraceMermaid.decode(mermaid).notes.map(\.text)
        #expect(notes.contains("#18 ✕ dropped 2: FlatMap.Outer#1 has no demand"), "got: \(notes)")
        let chrome = TraceExport.render(run.events, format: .chrome)
        #expect(chrome.contains("\"cat\" : \"dropped\"") || chrome.contains("\"cat\":\"dropped\""))
    }

    /// `debounce` keeps only the newest value until a pause; `throttle` sends one value per
    /// interval (the newest with `latest: true`, else the first). Apple's documentation of
    /// both says so; the oracle's output of this script is `t 3` then `d 3`.
    @Test func debounceAndThrottleShowWhatTheyLetGo() {
        let run = CheckedRun.run(
            """
            import Combine
            let s = PassthroughSubject<Int, Never>()
            let d = s.debounce(for: .milliseconds(100), scheduler: DispatchQueue.main).sink { print("d", $0) }
            let t = s.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: true).sink { print("t", $0) }
            let f = s.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: false).sink { print("f", $0) }
            s.send(1)
            s.send(2)
            s.send(3)
            """)
        let discarded = run.events.filter { $0.kind == .discarded }
        func letGo(by stage: String) -> [String] {
            discarded.filter { $0.target == stage }.map(\.argument)
        }
        // Debounce and the latest-keeping throttle let 1 and 2 go; the first-keeping one 2 and 3.
        #expect(letGo(by: "Debounce.Inner#1") == ["1", "2"])
        #expect(letGo(by: "Throttle.Inner#1") == ["1", "2"])
        #expect(letGo(by: "Throttle.Inner#2") == ["2", "3"])
        #expect(run.violations.isEmpty)
        #expect(run.output.split(separator: "\n").sorted() == ["d 3", "f 1", "t 3"])
        let text = TraceRenderer().render(run.events).joined(separator: "\n")
        #expect(text.contains("✕ discarded 1: Debounce.Inner#1 waits for a pause, and a newer value came first"))
        #expect(text.contains("✕ discarded 3: Throttle.Inner#2 sends one value per interval"))
        // Each is under the receive that brought the newer value.
        let events = run.events.filter { $0.kind != .output }
        for (index, event) in events.enumerated() where event.kind == .discarded {
            #expect(index > 0 && events[index - 1].kind == .receiveValue && events[index - 1].target == event.target)
            #expect(event.depth == events[index - 1].depth + 1)
        }
    }

    /// A full `buffer` lets the newest value go (`.dropNewest`) or the oldest (`.dropOldest`);
    /// the oracle prints `got 1, 2, 3, 6, 6, 9, 10` for this script, as Undercurrent does.
    @Test func aFullBufferShowsWhatItLetsGo() {
        let slow = """
            final class Slow: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                var subscription: Subscription?
                func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(1)) }
                func receive(_ input: Int) -> Subscribers.Demand { print("got", input); return .none }
                func receive(completion: Subscribers.Completion<Never>) { print(completion) }
            }
            """
        let run = CheckedRun.run(
            "import Combine\n" + slow + "\n" + """
                let s = PassthroughSubject<Int, Never>()
                let slow = Slow()
                s.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(slow)
                for i in 1...5 { s.send(i) }
                slow.subscription?.request(.max(3))
                let slow2 = Slow()
                s.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow2)
                for i in 6...10 { s.send(i) }
                slow2.subscription?.request(.max(3))
                """)
        #expect(run.output == "got 1\ngot 2\ngot 3\ngot 6\ngot 6\ngot 9\ngot 10\n")
        let discarded = run.events.filter { $0.kind == .discarded }
        // The first buffer holds 2 and 3 and drops the newest (4, 5, later 9, 10); the second
        // holds 7 and 8 and drops the oldest as 9 and 10 arrive.
        #expect(discarded.filter { $0.target == "Buffer.Inner#1" }.map(\.argument) == ["4", "5", "9", "10"])
        #expect(discarded.filter { $0.target == "Buffer.Inner#2" }.map(\.argument) == ["7", "8"])
        #expect(TraceRenderer().call(discarded[0]) == "✕ discarded 4: Buffer.Inner#1 is full")
        #expect(run.violations.isEmpty)
    }

    @Test func valuesFilterKeepsDroppedValues() {
        let shown = runSession([Self.flatMapScript, ":trace --values"], trace: true)[1]
        #expect(shown.contains("✕ dropped 2: FlatMap.Outer#1 has no demand"), "got: \(shown)")
        #expect(!shown.contains("send("))
    }
}
