/// Long traces shown a page at a time, or summarised, rather than flooding the terminal.
public struct TracePaging {
    /// Lines per page (`:trace --page N`).
    public var pageSize: Int
    public var renderer: TraceRenderer

    public init(pageSize: Int = 200, renderer: TraceRenderer = TraceRenderer()) {
        self.pageSize = max(1, pageSize)
        self.renderer = renderer
    }

    /// Events per line: a page is counted in events (a violation's line goes with its call).
    public func pageCount(_ events: TraceEvents) -> Int {
        // Not `(count + pageSize - 1) / pageSize`: that overflows for a page size near Int.max.
        max(1, events.count / pageSize + (events.count % pageSize == 0 ? 0 : 1))
    }

    public func pageCount(_ events: [TraceEvent]) -> Int { pageCount(TraceEvents(events)) }

    /// Page `number` (1-based) of the trace, with a line saying where it is.
    public func page(_ number: Int, of events: TraceEvents) -> [String] {
        let pages = pageCount(events)
        guard number >= 1, number <= pages else {
            return ["There \(pages == 1 ? "is 1 page" : "are \(pages) pages") of \(pageSize) events."]
        }
        let start = (number - 1) * pageSize
        let end = min(events.count, start + pageSize)
        var lines = renderer.render(events, range: start..<end)
        var footer = "page \(number) of \(pages) (events \(start + 1)–\(end) of \(events.count))"
        if number < pages { footer += "; :trace --page \(number + 1) for the next" }
        lines.append(footer)
        return lines
    }

    public func page(_ number: Int, of events: [TraceEvent]) -> [String] { page(number, of: TraceEvents(events)) }

    /// The whole trace when it is short; otherwise its beginning and end around a summary
    /// of what was left out. Only the events shown are spelled out.
    public func summarised(_ events: TraceEvents, maxLines: Int) -> [String] {
        guard events.count > maxLines else { return renderer.render(events) }
        let head = maxLines * 3 / 4
        let tail = maxLines - head
        let hidden = head..<(events.count - tail)
        var lines = renderer.render(events, range: 0..<head)
        lines.append("      … \(hidden.count) more events: \(Self.describe(events, range: hidden)) …")
        lines.append(
            "      (:trace --page N reads the trace a page at a time; --only NAME, --values, --lifecycle or --depth N focus it)"
        )
        lines += renderer.render(events, range: (events.count - tail)..<events.count)
        return lines
    }

    public func summarised(_ events: [TraceEvent], maxLines: Int) -> [String] {
        summarised(TraceEvents(events), maxLines: maxLines)
    }

    /// `998 values, 2 requests, 1 cancel`.
    public static func describe(_ events: TraceEvents, range: Range<Int>) -> String {
        let names: [(TraceEvent.Kind, String, String)] = [
            (.receiveValue, "value", "values"), (.request, "request", "requests"),
            (.subscribe, "subscribe", "subscribes"), (.receiveSubscription, "subscription", "subscriptions"),
            (.receiveCompletion, "completion", "completions"), (.cancel, "cancel", "cancels"),
            (.send, "send", "sends"), (.dropped, "dropped value", "dropped values"),
            (.discarded, "discarded value", "discarded values"),
            (.deinitialize, "deinit", "deinits"), (.output, "printed line", "printed lines"),
        ]
        // Counted by position in `names`, found by comparing kinds: a dictionary keyed by kind
        // hashes each kind's raw String, most of summarising a long trace.
        var counts = [Int](repeating: 0, count: names.count)
        var violations = 0
        for index in range {
            let shape = events.shape(at: index)
            if let slot = names.firstIndex(where: { $0.0 == shape.kind }) { counts[slot] += 1 }
            violations += shape.violationCount
        }
        let parts = zip(names, counts).compactMap { name, count -> String? in
            guard count > 0 else { return nil }
            return "\(count) \(count == 1 ? name.1 : name.2)"
        }
        return (parts + (violations > 0 ? ["\(violations) contract violations"] : [])).joined(separator: ", ")
    }
}
