/// `:step`: replays a recorded trace one call at a time. Each step shows the call with the
/// calls it is nested in (the call stack at that moment), what it printed, any contract
/// rule it broke, and the outstanding demand of every live subscription just after it.
/// Everything shown comes from the recorded events: the replay runs no code.
public struct StepThrough {
    public enum Command: Equatable {
        case next, back, quit
        /// Not an answer step-through knows.
        case unknown(String)

        /// Enter (an empty line) or `n`: next; `b`: back; `q`: quit.
        public init(_ input: String) {
            switch input.trimmingCharacters(in: .whitespaces).lowercased() {
            case "", "n", "next": self = .next
            case "b", "back", "p": self = .back
            case "q", "quit", ":q", ":quit": self = .quit
            case let other: self = .unknown(other)
            }
        }
    }

    public let events: [TraceEvent]
    /// Indices of the calls (printed lines are not steps).
    public let calls: [Int]
    /// The step shown: an index into `calls`.
    public private(set) var position = 0
    public var renderer = TraceRenderer()

    public static let keys = "Enter: next · b: back · q: quit"

    /// Nil when the events hold no call.
    public init?(events: [TraceEvent], useColor: Bool = false) {
        let calls = events.indices.filter { events[$0].kind != .output }
        guard !calls.isEmpty else { return nil }
        self.events = events
        self.calls = calls
        renderer.useColor = useColor
        renderer.showTime = TraceRenderer.timeVaries(in: events)
    }

    public var isAtEnd: Bool { position == calls.count - 1 }

    /// Applies one answer; returns what to show and whether step-through is over.
    public mutating func answer(_ input: String) -> (text: String, finished: Bool) {
        switch Command(input) {
        case .next:
            guard position + 1 < calls.count else {
                return ("End of the trace (\(calls.count) calls).\n", true)
            }
            position += 1
            return (render(), false)
        case .back:
            guard position > 0 else { return ("This is the first call.\n" + render(), false) }
            position -= 1
            return (render(), false)
        case .quit:
            return ("Step-through ended.\n", true)
        case .unknown(let other):
            return ("'\(other)' is not a step-through key. \(Self.keys)\n", false)
        }
    }

    /// The current step.
    public func render() -> String {
        let index = calls[position]
        var lines = ["step \(position + 1) of \(calls.count)"]
        var chain = callStack(at: index).map { events[$0] }
        for offset in chain.indices { chain[offset].depth = offset }
        lines += renderer.render(chain)
        // What the call printed before the next call began.
        var next = index + 1
        while next < events.count, events[next].kind == .output {
            lines.append("      " + String(repeating: "   ", count: chain.count - 1) + "» " + events[next].argument)
            next += 1
        }
        let live = liveSubscriptions(after: index)
        if live.isEmpty {
            lines.append("live subscriptions: none")
        } else {
            lines.append("live subscriptions:")
            let width = live.map(\.name.count).max() ?? 0
            for subscription in live {
                lines.append(
                    "  " + subscription.name.padding(toLength: width, withPad: " ", startingAt: 0)
                        + "  demand \(subscription.demand)")
            }
        }
        lines.append(Self.keys)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Indices of the calls the call at `index` is nested in, outermost first, then `index`.
    public func callStack(at index: Int) -> [Int] {
        var chain = [index]
        var depth = events[index].depth
        var cursor = index - 1
        while depth > 0, cursor >= 0 {
            let event = events[cursor]
            if event.kind != .output, event.depth < depth {
                chain.append(cursor)
                depth = event.depth
            }
            cursor -= 1
        }
        return chain.reversed()
    }

    public struct LiveSubscription: Equatable {
        public var name: String
        public var demand: DemandCount

        public init(name: String, demand: DemandCount) {
            self.name = name
            self.demand = demand
        }
    }

    /// Subscriptions that appeared in the trace up to and including the call at `index`
    /// and were not cancelled, completed or deinitialized by then, with their demand.
    public func liveSubscriptions(after index: Int) -> [LiveSubscription] {
        var order: [String] = []
        var seen: Set<String> = []
        var demand: [String: DemandCount] = [:]
        var ended: Set<String> = []
        func appear(_ name: String?) {
            guard let name, !name.isEmpty, seen.insert(name).inserted else { return }
            order.append(name)
        }
        for event in events[...index] {
            switch event.kind {
            case .receiveSubscription:
                appear(event.argument)
                ended.remove(event.argument)
            case .request, .receiveValue:
                appear(event.subscription)
            case .cancel:
                appear(event.target)
                ended.insert(event.target)
            case .receiveCompletion:
                if let subscription = event.subscription { ended.insert(subscription) }
            case .deinitialize:
                ended.insert(event.target)
            default:
                break
            }
            if let change = event.ledger {
                appear(change.subscription)
                demand[change.subscription] = change.after
            }
        }
        return order.filter { !ended.contains($0) }.map { name in
            LiveSubscription(name: name, demand: demand[name] ?? openingDemand(of: name, after: index))
        }
    }

    /// A subscription's demand before its first change after `index` (it did not change
    /// in between), or zero.
    private func openingDemand(of name: String, after index: Int) -> DemandCount {
        for event in events[(index + 1)...] {
            if let change = event.ledger, change.subscription == name { return change.before }
        }
        return .count(0)
    }
}
