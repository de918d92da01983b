/// Draws a trace as a call tree, one line per event:
///
///     #3   │  └─ MySubscription#1.request(.max(3))              demand 0 → 3
///
/// Lines the program printed appear in place, marked with `»`.
public struct TraceRenderer {
    public var useColor: Bool
    /// Column where the demand column starts.
    public var demandColumn = 64
    public var showTime = false

    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    public func render(_ events: [TraceEvent]) -> [String] {
        render(TraceEvents(events))
    }

    public func render(_ events: TraceEvents) -> [String] {
        render(events, range: events.indices)
    }

    public func render(_ events: [TraceEvent], range: Range<Int>) -> [String] {
        render(TraceEvents(events), range: range)
    }

    /// Draws only the events in `range` (the tree's guides and the columns' widths still
    /// account for all of them, read by their shapes): a page of a long trace spells out the
    /// page, not the whole trace.
    public func render(_ events: TraceEvents, range: Range<Int>) -> [String] {
        let laterInRange = laterSiblings(events, in: range)
        // Times are padded to one width so the tree's guides stay in their columns.
        let timeWidth = showTime ? Self.timeWidth(events) : 0
        // A trace in which tasks ran gives each event its task's name in a column of its own
        // (blank for the top level): a task is a lane. A higher lane's name is never shorter.
        let lastLane = events.indices.reduce(0) { lane, index in max(lane, events.shape(at: index).lane) }
        let laneWidth = lastLane == 0 ? 0 : "Task#\(lastLane)".count + 1
        let margin = "      " + String(repeating: " ", count: timeWidth + laneWidth)
        var lines: [String] = []
        lines.reserveCapacity(range.count)
        for index in range {
            let event = events[index]
            let later = laterInRange[index - range.lowerBound]
            let guides = treeGuides(event, later)
            var line = ""
            if event.kind == .output {
                let lane = laneWidth == 0 ? "" : lanePrefix(event, width: laneWidth)
                let indent = String(repeating: " ", count: 6 + timeWidth)
                line = indent + lane + guides.continuation + dim("» " + event.argument)
                lines.append(line)
                continue
            }
            let number = "#\(event.sequence)"
            line = Self.padded(number, to: max(6, number.count + 1))
            if showTime {
                let stamp = event.time.map { "[\(Self.formatTime($0))] " } ?? ""
                line += Self.padded(stamp, to: timeWidth)
            }
            if laneWidth > 0 { line += lanePrefix(event, width: laneWidth) }
            line += guides.branch + call(event, laneShown: laneWidth > 0)
            if let ledger = event.ledger {
                let visible = Self.visibleWidth(line)
                let padding = max(2, demandColumn - visible)
                line += String(repeating: " ", count: padding)
                line += dim("demand \(ledger.before) → \(ledger.after)")
            }
            lines.append(line)
            // A broken contract rule is shown under the call that broke it.
            for violation in event.violations {
                let continuation = (1...max(1, event.depth)).map { level in
                    level <= event.depth && later.indices.contains(level) && later[level] ? "│  " : "   "
                }.joined()
                let guides = event.depth == 0 ? "" : continuation
                lines.append(margin + guides + flag(violation))
            }
        }
        return lines
    }

    /// `✗ §1.1 more values than requested: …` (an error) or `⚠ …` (a warning).
    func flag(_ violation: ContractViolation) -> String {
        switch violation.severity {
        case .error: return colored("✗ " + violation.headline, "31")
        case .warning: return colored("⚠ " + violation.headline, "33")
        }
    }

    private func colored(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[39m" : text
    }

    /// Why a stage discards values, from its kind: `Debounce.Inner#1`, `Throttle.Inner#2`.
    static func discardRule(of stage: String) -> String {
        if stage.hasPrefix("Debounce") { return "waits for a pause, and a newer value came first" }
        if stage.hasPrefix("Throttle") { return "sends one value per interval" }
        if stage.hasPrefix("Buffer") { return "is full" }
        return "let it go"
    }

    /// The event's task in the lane column, padded to `width`.
    private func lanePrefix(_ event: TraceEvent, width: Int) -> String {
        let name = event.laneName ?? ""
        return colored(name, "36") + String(repeating: " ", count: max(0, width - name.count))
    }

    /// The call as Swift source would write it. With `laneShown`, a task's own events leave
    /// out its name, which the lane column shows.
    public func call(_ event: TraceEvent, laneShown: Bool = false) -> String {
        let subject = laneShown && event.lane != 0 ? "" : event.target + " "
        switch event.kind {
        case .taskStart:
            return colored(subject + "starts", "36")
        case .taskAwait:
            return colored(subject + "awaits ", "36") + event.argument
        case .taskResume:
            return colored(subject + "resumes", "36") + (event.argument.isEmpty ? "" : " with \(event.argument)")
        case .taskEnd:
            return colored(subject + event.argument, "36")
        case .subscribe:
            return "\(bold(event.target)).receive(subscriber: \(event.argument))"
        case .receiveSubscription:
            return "\(bold(event.target)).receive(subscription: \(event.argument))"
        case .request:
            return "\(bold(event.target)).request(\(event.argument))"
        case .receiveValue:
            let returned = event.returnedDemand.map { " → \($0)" } ?? ""
            return "\(bold(event.target)).receive(\(event.argument))\(returned)"
        case .receiveCompletion:
            return "\(bold(event.target)).receive(completion: \(event.argument))"
        case .cancel:
            // The argument, when there is one, is what caused the cancel.
            return "\(bold(event.target)).cancel()" + (event.argument.isEmpty ? "" : dim("  ← " + event.argument))
        case .send:
            return "\(bold(event.target)).send(\(event.argument))"
        case .dropped:
            let reason =
                event.target.isEmpty
                ? "no subscriber" : "\(event.target) has no demand"
            return colored("✕ dropped \(event.argument): \(reason)", "33")
        case .discarded:
            return colored("✕ discarded \(event.argument): \(event.target) " + Self.discardRule(of: event.target), "33")
        case .deinitialize:
            return "\(bold(event.target)).deinit"
        case .output:
            return event.argument
        }
    }

    private struct Guides {
        var branch: String
        var continuation: String
    }

    /// `├─`/`└─` for the event itself, and `│ ` for every enclosing call that has more to
    /// come. Calls the script made itself (depth 0) start at the margin.
    private func treeGuides(_ event: TraceEvent, _ later: [Bool]) -> Guides {
        let depth = event.depth
        var prefix = ""
        if depth >= 1 {
            for level in 1..<depth {
                prefix += later[level] ? "│  " : "   "
            }
        }
        if event.kind == .output || depth == 0 {
            return Guides(branch: prefix, continuation: prefix)
        }
        let branch = later[depth] ? "├─ " : "└─ "
        return Guides(branch: prefix + branch, continuation: prefix)
    }

    /// For every event, and every level up to its depth: does a later call sit at that level
    /// before the trace returns above it? One backward pass, so long traces render in linear time.
    /// Kept for the events in `range` only, from `range.lowerBound`.
    private func laterSiblings(_ events: TraceEvents, in range: Range<Int>) -> [[Bool]] {
        var result = Array(repeating: [Bool](), count: range.count)
        var seen: [Bool] = []
        for index in (range.lowerBound..<events.endIndex).reversed() {
            let event = events.shape(at: index)
            let depth = event.depth
            if seen.count <= depth { seen += Array(repeating: false, count: depth + 1 - seen.count) }
            if index < range.upperBound { result[index - range.lowerBound] = Array(seen[0...depth]) }
            // Printed lines are not calls: they neither count as siblings nor close levels.
            if event.kind == .output { continue }
            seen[depth] = true
            for level in (depth + 1)..<seen.count { seen[level] = false }
        }
        return result
    }

    private func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[22m" : text }
    private func dim(_ text: String) -> String { useColor ? "\u{1B}[2m\(text)\u{1B}[22m" : text }

    /// True when the events happened at more than one virtual instant: only then is a
    /// time column worth its width.
    public static func timeVaries(in events: TraceEvents) -> Bool {
        var first: Double?
        for index in events.indices {
            guard let time = events.shape(at: index).time else { continue }
            if let first, first != time { return true }
            first = first ?? time
        }
        return false
    }

    public static func timeVaries(in events: [TraceEvent]) -> Bool { timeVaries(in: TraceEvents(events)) }

    /// The width of the widest time stamp, `[12.5ms] ` and its brackets and space.
    private static func timeWidth(_ events: TraceEvents) -> Int {
        var width = 0
        var last: Double?
        for index in events.indices {
            // Calls made at one instant come in runs: each run's instant is written out once.
            guard let time = events.shape(at: index).time, time != last else { continue }
            last = time
            width = max(width, formatTime(time).count + 3)
        }
        return width
    }

    /// Columns a string takes on the terminal, not counting colour escape sequences.
    public static func visibleWidth(_ text: String) -> Int {
        // Without an escape sequence every Character shows, and the standard library counts
        // them (ASCII text as bytes): a Character at a time was a tenth of showing a trace.
        if !text.utf8.contains(0x1B) { return text.count }
        var width = 0
        var inEscape = false
        for character in text {
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            if inEscape {
                if character == "m" { inEscape = false }
                continue
            }
            width += 1
        }
        return width
    }

    /// `text.padding(toLength: length, withPad: " ", startingAt: 0)`: cut to `length`, or
    /// filled with spaces to it. ASCII text (an event's number, its time) is done without
    /// Foundation, whose `padding` goes through `NSString` on Linux: a tenth of showing a trace.
    static func padded(_ text: String, to length: Int) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.padding(toLength: length, withPad: " ", startingAt: 0)
        }
        let count = text.utf8.count
        if count >= length { return String(text.prefix(length)) }
        return text + String(repeating: " ", count: length - count)
    }

    static func formatTime(_ milliseconds: Double) -> String {
        if milliseconds == milliseconds.rounded() { return "\(Int(milliseconds))ms" }
        return "\(milliseconds)ms"
    }
}
