import Foundation

/// The JSON export. Field names are stable (documented in the README, "Trace JSON").
public enum TraceJSON {
    public static let schema = "undercurrent-trace"
    public static let version = 1

    public struct Document: Codable, Equatable, Sendable {
        public var schema: String
        public var version: Int
        /// Events dropped (oldest first) before these, to bound memory.
        public var droppedEvents: Int
        public var events: [Event]
        /// Every violation in `events`, in order.
        public var violations: [Violation]
    }

    public struct Event: Codable, Equatable, Sendable {
        /// 1-based position among the calls; 0 for a printed line.
        public var sequence: Int
        /// Virtual time in milliseconds, or null when the call was not on the virtual clock.
        public var time: Double?
        /// Call nesting: 0 for a call the script made itself.
        public var depth: Int
        /// subscribe, receiveSubscription, request, receiveValue, receiveCompletion, cancel,
        /// send, dropped, discarded, deinitialize, output; taskStart, taskAwait, taskResume,
        /// taskEnd for a task's life.
        public var kind: String
        /// The task the event happened in (`Task#1`), null for the top level.
        public var task: String?
        /// The object called (`Map.Inner#1`), null for a printed line.
        public var objectID: String?
        /// Its type (`Map.Inner`).
        public var objectType: String?
        /// The call as Swift writes it (`Map.Inner#1.receive(1) → .none`), null for a printed line.
        public var call: String?
        /// The argument as shown: a subscriber, subscription, demand, value or completion.
        public var argument: String
        /// For values: the value's text.
        public var value: String?
        /// For values: the demand the subscriber returned.
        public var returnedDemand: String?
        /// For printed lines: the line.
        public var output: String?
        /// The subscription the call concerns.
        public var subscription: String?
        /// The subscription's outstanding demand before and after the call: a number, or
        /// "unlimited"; null when the call does not change a subscription's demand.
        public var demandBefore: Demand?
        public var demandAfter: Demand?
        public var violations: [Violation]
    }

    /// A demand count, written as a JSON number or the string "unlimited".
    public enum Demand: Codable, Equatable, Sendable {
        case count(Int)
        case unlimited

        public init(_ count: DemandCount) {
            switch count {
            case .count(let value): self = .count(value)
            case .unlimited: self = .unlimited
            }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int.self) {
                self = .count(value)
            } else if try container.decode(String.self) == "unlimited" {
                self = .unlimited
            } else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a demand is a number or \"unlimited\"")
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .count(let value): try container.encode(value)
            case .unlimited: try container.encode("unlimited")
            }
        }
    }

    public struct Violation: Codable, Equatable, Sendable {
        /// The rule's identifier (`valueWithoutDemand`).
        public var rule: String
        /// Its Reactive Streams number (`§1.1`).
        public var section: String
        /// The rule in words (`more values than requested`).
        public var title: String
        /// "error" or "warning".
        public var severity: String
        public var message: String
        /// The offending call's sequence number.
        public var sequence: Int

        init(_ violation: ContractViolation) {
            rule = violation.rule.rawValue
            section = violation.rule.section
            title = violation.rule.title
            severity = violation.severity.rawValue
            message = violation.message
            sequence = violation.sequence
        }
    }

    public static func document(_ events: [TraceEvent], droppedCount: Int = 0) -> Document {
        let renderer = TraceRenderer(useColor: false)
        let records = events.map { event -> Event in
            let isCall = event.kind != .output
            return Event(
                sequence: event.sequence, time: event.time, depth: event.depth, kind: event.kind.rawValue,
                task: event.laneName, objectID: isCall && !event.target.isEmpty ? event.target : nil,
                objectType: isCall && !event.target.isEmpty ? event.targetType : nil,
                call: isCall ? renderer.call(event) : nil, argument: event.argument,
                value: [.receiveValue, .send, .dropped, .discarded].contains(event.kind) ? event.argument : nil,
                returnedDemand: event.returnedDemand,
                output: isCall ? nil : event.argument, subscription: event.subscription,
                demandBefore: event.ledger.map { Demand($0.before) },
                demandAfter: event.ledger.map { Demand($0.after) },
                violations: event.violations.map(Violation.init))
        }
        return Document(
            schema: schema, version: version, droppedEvents: droppedCount, events: records,
            violations: records.flatMap(\.violations))
    }

    public static func render(_ events: [TraceEvent], droppedCount: Int = 0) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Absent optionals are written as null, so every event has every field.
        guard let data = try? encoder.encode(NullWriting(document(events, droppedCount: droppedCount))),
            let text = String(data: data, encoding: .utf8)
        else { return "{}\n" }
        return text + "\n"
    }

    public static func decode(_ data: Data) throws -> Document {
        try JSONDecoder().decode(Document.self, from: data)
    }

    /// Encodes a document with explicit nulls (Codable leaves absent optionals out).
    private struct NullWriting: Encodable {
        let document: Document
        init(_ document: Document) { self.document = document }

        enum Keys: String, CodingKey {
            case schema, version, droppedEvents, events, violations
            case sequence, time, depth, kind, task, objectID, objectType, call, argument, value, returnedDemand, output,
                subscription, demandBefore, demandAfter
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(document.schema, forKey: .schema)
            try container.encode(document.version, forKey: .version)
            try container.encode(document.droppedEvents, forKey: .droppedEvents)
            try container.encode(document.violations, forKey: .violations)
            var list = container.nestedUnkeyedContainer(forKey: .events)
            for event in document.events {
                var item = list.nestedContainer(keyedBy: Keys.self)
                try item.encode(event.sequence, forKey: .sequence)
                try item.encode(event.time, forKey: .time)
                try item.encode(event.depth, forKey: .depth)
                try item.encode(event.kind, forKey: .kind)
                try item.encode(event.task, forKey: .task)
                try item.encode(event.objectID, forKey: .objectID)
                try item.encode(event.objectType, forKey: .objectType)
                try item.encode(event.call, forKey: .call)
                try item.encode(event.argument, forKey: .argument)
                try item.encode(event.value, forKey: .value)
                try item.encode(event.returnedDemand, forKey: .returnedDemand)
                try item.encode(event.output, forKey: .output)
                try item.encode(event.subscription, forKey: .subscription)
                try item.encode(event.demandBefore, forKey: .demandBefore)
                try item.encode(event.demandAfter, forKey: .demandAfter)
                try item.encode(event.violations, forKey: .violations)
            }
        }
    }
}
