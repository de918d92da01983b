import Foundation

/// The Chrome trace-event export (the JSON Object Format that chrome://tracing and
/// Perfetto's UI open). Each call is a complete event (`"ph": "X"`) whose extent covers the
/// calls nested in it, so the viewer draws the call tree as a flame chart. Timestamps are
/// positions in the trace, not durations: event number n starts at n × 10 µs. The virtual
/// time, when there is one, is in each event's `args.virtualTimeMs`. Printed lines and
/// broken contract rules are instant events (`"ph": "i"`). Each task is a thread of its own
/// (`Task#1` is thread 2), with its start, waits, resumptions and end as instants.
public enum TraceChrome {
    /// Microseconds between consecutive events.
    public static let tick = 10

    public static func document(_ events: [TraceEvent], droppedCount: Int = 0) -> [String: Any] {
        let ends = TraceExport.extents(events)
        let renderer = TraceRenderer(useColor: false)
        var traceEvents: [[String: Any]] = [
            ["name": "process_name", "ph": "M", "pid": 1, "tid": 1, "args": ["name": "undercurrent"]],
            ["name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": ["name": "Combine calls"]],
        ]
        var lanesNamed: Set<Int> = []
        for (index, event) in events.enumerated() {
            let tid = event.lane + 1
            if let lane = event.laneName, lanesNamed.insert(event.lane).inserted {
                traceEvents.append(["name": "thread_name", "ph": "M", "pid": 1, "tid": tid, "args": ["name": lane]])
            }
            var args: [String: Any] = ["sequence": event.sequence, "depth": event.depth]
            if let time = event.time { args["virtualTimeMs"] = time }
            if event.kind == .output {
                traceEvents.append([
                    "name": "» " + event.argument, "cat": "output", "ph": "i", "s": "t",
                    "ts": index * tick, "pid": 1, "tid": tid, "args": args,
                ])
                continue
            }
            args["object"] = event.target
            args["objectType"] = event.targetType
            args["argument"] = event.argument
            if let subscription = event.subscription { args["subscription"] = subscription }
            if let returned = event.returnedDemand { args["returnedDemand"] = returned }
            if let ledger = event.ledger {
                args["demandBefore"] = ledger.before.description
                args["demandAfter"] = ledger.after.description
            }
            if event.kind == .dropped || event.kind == .discarded || event.isTaskEvent {
                // A value lost, or a moment of a task's life, not a call: an instant.
                traceEvents.append([
                    "name": renderer.call(event), "cat": event.kind.rawValue, "ph": "i", "s": "t",
                    "ts": index * tick, "pid": 1, "tid": tid, "args": args,
                ])
                continue
            }
            traceEvents.append([
                "name": renderer.call(event), "cat": event.kind.rawValue, "ph": "X",
                "ts": index * tick, "dur": (ends[index] - index) * tick, "pid": 1, "tid": tid,
                "args": args,
            ])
            for violation in event.violations {
                traceEvents.append([
                    "name": violation.rule.section + " " + violation.rule.title, "cat": "violation",
                    "ph": "i", "s": "t", "ts": index * tick, "pid": 1, "tid": tid,
                    "args": [
                        "sequence": event.sequence, "severity": violation.severity.rawValue,
                        "message": violation.message,
                    ],
                ])
            }
        }
        return [
            "traceEvents": traceEvents, "displayTimeUnit": "ms",
            "otherData": ["generator": "undercurrent", "droppedEvents": droppedCount],
        ]
    }

    public static func render(_ events: [TraceEvent], droppedCount: Int = 0) -> String {
        let document = document(events, droppedCount: droppedCount)
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}\n" }
        return text + "\n"
    }
}
