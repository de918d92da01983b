import Foundation

/// The Mermaid export: a sequence diagram with one participant per object (and `script`
/// for the learner's own code), one message per call from the object that made it to the
/// object called, and notes for printed lines and broken contract rules:
///
///     sequenceDiagram
///         participant script
///         participant p1 as Countdown
///         participant p2 as TwoAtATime#35;1
///         script->>p1: #35;1 receive(subscriber: TwoAtATime#35;1)
///         p1->>p2: #35;2 receive(subscription: CountdownSubscription#35;1)
///         Note over p2: ✗ §1.1 more values than requested: …
///
/// `#` and `;` are written as Mermaid's entity codes `#35;` and `#59;`, which it shows as
/// the characters; `decode` reads the text back.
public enum TraceMermaid {
    public struct Message: Equatable, Sendable {
        public var from: String
        public var to: String
        public var text: String
    }

    public struct Diagram: Equatable, Sendable {
        /// Participant aliases and the names they show, in order.
        public var participants: [(alias: String, name: String)]
        public var messages: [Message]
        public var notes: [(over: String, text: String)]

        public static func == (lhs: Diagram, rhs: Diagram) -> Bool {
            lhs.participants.elementsEqual(rhs.participants) { $0 == $1 } && lhs.messages == rhs.messages
                && lhs.notes.elementsEqual(rhs.notes) { $0 == $1 }
        }
    }

    public static func render(_ events: [TraceEvent]) -> String {
        let callers = TraceExport.callers(events)
        var aliases: [String: String] = ["script": "script"]
        var lines = ["sequenceDiagram", "    participant script"]
        func alias(_ name: String) -> String {
            if let existing = aliases[name] { return existing }
            let alias = "p\(aliases.count)"
            aliases[name] = alias
            lines.append("    participant \(alias) as \(encode(name))")
            return alias
        }
        // Participants first, in order of appearance, so the diagram's columns read left to right.
        for event in events where event.kind != .output && !event.target.isEmpty { _ = alias(event.target) }
        let renderer = TraceRenderer(useColor: false)
        for (index, event) in events.enumerated() {
            // A call the script made itself comes from the task that made it, if any.
            let from = callers[index].map { events[$0].target } ?? event.laneName ?? "script"
            if event.kind == .output {
                lines.append("    Note over \(alias(from)): \(encode("» " + event.argument))")
                continue
            }
            if event.isTaskEvent {
                // A task is a participant of its own; its waits and resumptions are notes on it.
                lines.append(
                    "    Note over \(alias(event.target)): \(encode("#\(event.sequence) " + renderer.call(event)))")
                continue
            }
            if event.kind == .dropped || event.kind == .discarded {
                // Not a call: a note over the subscriber that had no demand, or over the
                // subject that had no subscriber.
                let over = event.target.isEmpty ? from : event.target
                lines.append("    Note over \(alias(over)): \(encode("#\(event.sequence) " + renderer.call(event)))")
                continue
            }
            let call = renderer.call(event)
            // The call without the receiver: the arrow already points at it.
            let text = call.hasPrefix(event.target + ".") ? String(call.dropFirst(event.target.count + 1)) : call
            var message = "#\(event.sequence) \(text)"
            if let ledger = event.ledger { message += " [demand \(ledger.before) → \(ledger.after)]" }
            lines.append("    \(alias(from))->>\(alias(event.target)): \(encode(message))")
            for violation in event.violations {
                let mark = violation.severity == .error ? "✗ " : "⚠ "
                lines.append("    Note over \(alias(event.target)): \(encode(mark + violation.headline))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a diagram back: its participants, messages and notes.
    public static func decode(_ text: String) -> Diagram {
        var diagram = Diagram(participants: [], messages: [], notes: [])
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("participant ") {
                let rest = line.dropFirst("participant ".count)
                if let range = rest.range(of: " as ") {
                    diagram.participants.append(
                        (String(rest[..<range.lowerBound]), decodeText(String(rest[range.upperBound...]))))
                } else {
                    diagram.participants.append((String(rest), String(rest)))
                }
            } else if line.hasPrefix("Note over ") {
                let rest = line.dropFirst("Note over ".count)
                guard let colon = rest.firstIndex(of: ":") else { continue }
                let text = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                diagram.notes.append((String(rest[..<colon]), decodeText(text)))
            } else if let arrow = line.range(of: "->>"), let colon = line.firstIndex(of: ":"), arrow.upperBound < colon
            {
                let text = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                diagram.messages.append(
                    Message(
                        from: String(line[..<arrow.lowerBound]), to: String(line[arrow.upperBound..<colon]),
                        text: decodeText(text)))
            }
        }
        return diagram
    }

    /// `#` → `#35;`, `;` → `#59;`.
    static func encode(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "#35;"
            case ";": result += "#59;"
            case "\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    static func decodeText(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            result += rest[..<hash]
            let after = rest[hash...]
            if after.hasPrefix("#35;") {
                result += "#"
                rest = after.dropFirst(4)
            } else if after.hasPrefix("#59;") {
                result += ";"
                rest = after.dropFirst(4)
            } else {
                result += "#"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }
}
