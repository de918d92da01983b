/// `:trace --only NAME --depth N --values --lifecycle`: which calls of a trace to show.
/// Options combine: a call is shown when it passes every one given.
public struct TraceFilter: Sendable, Equatable {
    /// Calls on this object, or handing it over (`Sink#1`; a type such as `Map.Inner` or an
    /// operator such as `Map` names every object of it); or every call a task made (`Task#1`).
    public var only: String?
    /// Calls nested at most this deep (0: the calls the script made itself).
    public var maxDepth: Int?
    /// Values only.
    public var valuesOnly = false
    /// Subscribing, subscriptions, completions and cancels only.
    public var lifecycleOnly = false

    public init(only: String? = nil, maxDepth: Int? = nil, valuesOnly: Bool = false, lifecycleOnly: Bool = false) {
        self.only = only
        self.maxDepth = maxDepth
        self.valuesOnly = valuesOnly
        self.lifecycleOnly = lifecycleOnly
    }

    public var isEmpty: Bool { only == nil && maxDepth == nil && !valuesOnly && !lifecycleOnly }

    /// True when `name` (`Map.Inner#1`) is what `query` names: the name itself, its type
    /// (`Map.Inner`), or an enclosing type (`Map`).
    public static func matches(_ name: String, _ query: String) -> Bool {
        if name == query { return true }
        let type = TraceEvent.typeName(of: name)
        return type == query || type.hasPrefix(query + ".")
    }

    public func keeps(_ event: TraceEvent) -> Bool {
        guard event.kind != .output else { return false }
        if let maxDepth, event.depth > maxDepth { return false }
        if valuesOnly, ![.receiveValue, .dropped, .discarded].contains(event.kind) { return false }
        if lifecycleOnly, ![.subscribe, .receiveSubscription, .receiveCompletion, .cancel].contains(event.kind) {
            return false
        }
        if let only {
            let handsOver = event.kind == .subscribe || event.kind == .receiveSubscription
            guard
                Self.matches(event.target, only) || (handsOver && Self.matches(event.argument, only))
                    || event.laneName == only
            else {
                return false
            }
        }
        return true
    }

    /// The events to show. A call keeps the depth of its shown ancestors only, so the tree
    /// still reads as a tree; a printed line is shown when the call that printed it is.
    public func apply(to events: [TraceEvent]) -> [TraceEvent] {
        guard !isEmpty else { return events }
        var result: [TraceEvent] = []
        // For each depth, the last call there and whether it is shown.
        var open: [(kept: Bool, newDepth: Int)] = []
        for event in events {
            if event.kind == .output {
                // Printed inside the call one level up.
                let ownerLevel = event.depth - 1
                if ownerLevel < 0 {
                    // Printed by the script's own code: shown unless the filter picks calls.
                    if only == nil, !valuesOnly, !lifecycleOnly { result.append(event) }
                    continue
                }
                guard ownerLevel < open.count, open[ownerLevel].kept else { continue }
                var shown = event
                shown.depth = open[ownerLevel].newDepth + 1
                result.append(shown)
                continue
            }
            if open.count > event.depth { open.removeSubrange(event.depth...) }
            // Ancestors whose calls were dropped (a capped trace) count as hidden.
            while open.count < event.depth { open.append((false, 0)) }
            let keptAbove = open.filter(\.kept).count
            let kept = keeps(event)
            open.append((kept, keptAbove))
            if kept {
                var shown = event
                shown.depth = keptAbove
                result.append(shown)
            }
        }
        return result
    }

    /// Parses `--only NAME`, `--depth N`, `--values`, `--lifecycle`; the words it does not
    /// know are returned for the caller.
    public static func parse(_ words: [String]) -> (filter: TraceFilter, rest: [String], error: String?) {
        var filter = TraceFilter()
        var rest: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            switch word {
            case "--only":
                guard index + 1 < words.count else {
                    return (filter, rest, "--only needs a name, such as --only Sink#1")
                }
                filter.only = words[index + 1]
                index += 1
            case "--depth":
                guard index + 1 < words.count, let depth = Int(words[index + 1]), depth >= 0 else {
                    return (filter, rest, "--depth needs a number, such as --depth 2")
                }
                filter.maxDepth = depth
                index += 1
            case "--values":
                filter.valuesOnly = true
            case "--lifecycle":
                filter.lifecycleOnly = true
            default:
                rest.append(word)
            }
            index += 1
        }
        return (filter, rest, nil)
    }
}
