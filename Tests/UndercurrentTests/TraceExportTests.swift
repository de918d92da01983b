import Foundation
import Testing
import UndercurrentSession
import UndercurrentTrace

/// Each export format parses back into what was recorded.
@Suite struct TraceExportTests {
    /// A trace with printed lines, demand, a returned demand and a violation.
    static func sampleRun() -> CheckedRun {
        CheckedRun.run(
            ContractCheckerTests.prelude + ContractCheckerTests.greedy + """

                final class Printer: Subscriber {
                    typealias Input = Int
                    typealias Failure = Never
                    func receive(subscription: Subscription) { subscription.request(.max(1)) }
                    func receive(_ input: Int) -> Subscribers.Demand { print("got; \\(input) #"); return input < 2 ? .max(1) : .none }
                    func receive(completion: Subscribers.Completion<Never>) { print("done") }
                }
                Numbers(count: 3).subscribe(Printer())
                """)
    }

    @Test func jsonRoundTripsEveryEvent() throws {
        let run = Self.sampleRun()
        #expect(!run.violations.isEmpty)
        #expect(run.events.contains { $0.kind == .output })
        let text = TraceExport.render(run.events, format: .json)
        let document = try TraceJSON.decode(Data(text.utf8))
        #expect(document.schema == "undercurrent-trace")
        #expect(document.version == 1)
        #expect(document.droppedEvents == 0)
        #expect(document.events.count == run.events.count)
        for (record, event) in zip(document.events, run.events) {
            #expect(record.sequence == event.sequence)
            #expect(record.depth == event.depth)
            #expect(record.kind == event.kind.rawValue)
            #expect(record.argument == event.argument)
            #expect(record.returnedDemand == event.returnedDemand)
            #expect(record.subscription == event.subscription)
            #expect(record.time == event.time)
            #expect(record.demandBefore == event.ledger.map { TraceJSON.Demand($0.before) })
            #expect(record.demandAfter == event.ledger.map { TraceJSON.Demand($0.after) })
            #expect(record.violations.map(\.message) == event.violations.map(\.message))
            #expect(record.violations.map(\.section) == event.violations.map(\.rule.section))
            if event.kind == .output {
                #expect(record.output == event.argument)
                #expect(record.objectID == nil && record.call == nil)
            } else {
                #expect(record.objectID == event.target)
                #expect(record.objectType == event.targetType)
                #expect(record.call == TraceRenderer().call(event))
            }
            if event.kind == .receiveValue { #expect(record.value == event.argument) }
        }
        #expect(document.violations.map(\.sequence) == run.violations.map(\.sequence))
        // Every event object has every field, null when absent: the schema's names are stable.
        let raw = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let first = (raw?["events"] as? [[String: Any]])?.first
        #expect(
            Set(first?.keys.map { $0 } ?? []) == [
                "sequence", "time", "depth", "kind", "task", "objectID", "objectType", "call", "argument", "value",
                "returnedDemand", "output", "subscription", "demandBefore", "demandAfter", "violations",
            ])
        #expect(Set(raw?.keys.map { $0 } ?? []) == ["schema", "version", "droppedEvents", "events", "violations"])
    }

    @Test func jsonWritesUnlimitedDemandAsAString() throws {
        let run = CheckedRun.run("import Combine\nlet c = Just(1).sink { _ in }")
        let text = TraceExport.render(run.events, format: .json)
        #expect(text.contains("\"demandAfter\" : \"unlimited\""))
        let document = try TraceJSON.decode(Data(text.utf8))
        #expect(document.events.contains { $0.demandAfter == .unlimited })
    }

    @Test func mermaidParsesBackToItsParticipantsAndMessages() {
        let run = Self.sampleRun()
        let text = TraceExport.render(run.events, format: .mermaid)
        #expect(text.hasPrefix("sequenceDiagram\n    participant script\n"))
        let diagram = TraceMermaid.decode(text)
        let calls = run.calls
        // One participant per object called, plus the script.
        var names = ["script"]
        for call in calls where !names.contains(call.target) { names.append(call.target) }
        #expect(diagram.participants.map(\.name) == names)
        let alias = Dictionary(uniqueKeysWithValues: diagram.participants.map { ($0.name, $0.alias) })
        // One message per call, to the object called, from the object whose call made it.
        #expect(diagram.messages.count == calls.count)
        for (message, call) in zip(diagram.messages, calls) {
            #expect(message.to == alias[call.target])
            #expect(message.text.hasPrefix("#\(call.sequence) "))
        }
        let nested = calls.first { $0.kind == .request }
        let request = diagram.messages.first { $0.text.hasPrefix("#\(nested?.sequence ?? 0) request(") }
        #expect(request?.from == alias["Take#1"])
        #expect(request?.text == "#3 request(.max(1)) [demand 0 → 1]")
        // Printed lines and violations are notes; `#` and `;` survive the entity codes.
        #expect(diagram.notes.contains { $0.text == "» got; 1 #" })
        #expect(diagram.notes.filter { $0.text.hasPrefix("✗ §1.1 ") }.count == run.violations.count)
        #expect(text.contains("got#59; 1 #35;"))
    }

    @Test func chromeTraceParsesAndNestsCalls() throws {
        let run = Self.sampleRun()
        let text = TraceExport.render(run.events, format: .chrome)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let events = object?["traceEvents"] as? [[String: Any]] ?? []
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == run.calls.count)
        #expect(complete.map { $0["name"] as? String ?? "" } == run.calls.map { TraceRenderer().call($0) })
        // A nested call lies within its caller's extent.
        for (index, call) in run.calls.enumerated() where call.depth > 0 {
            let caller = run.calls[..<index].last { $0.depth == call.depth - 1 }
            guard let caller,
                let parent = complete.first(where: {
                    ($0["args"] as? [String: Any])?["sequence"] as? Int == caller.sequence
                })
            else { continue }
            let child = complete[index]
            let start = child["ts"] as? Int ?? -1
            let end = start + (child["dur"] as? Int ?? 0)
            let parentStart = parent["ts"] as? Int ?? 0
            let parentEnd = parentStart + (parent["dur"] as? Int ?? 0)
            #expect(start >= parentStart && end <= parentEnd)
        }
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.filter { $0["cat"] as? String == "violation" }.count == run.violations.count)
        #expect(instants.contains { $0["name"] as? String == "» got; 1 #" })
        #expect(events.contains { $0["ph"] as? String == "M" })
    }

    @Test func formatComesFromTheFileName() {
        #expect(TraceExport.Format(fileName: "trace.json") == .json)
        #expect(TraceExport.Format(fileName: "trace.mmd") == .mermaid)
        #expect(TraceExport.Format(fileName: "trace.mermaid") == .mermaid)
        #expect(TraceExport.Format(fileName: "trace.chrome.json") == .chrome)
        #expect(TraceExport.Format(fileName: "trace.perfetto.json") == .chrome)
        #expect(TraceExport.Format(fileName: "trace.txt") == nil)
    }
}
