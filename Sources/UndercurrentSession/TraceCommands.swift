import Foundation
import UndercurrentTrace

/// What a session remembers for inspecting traces: labels the learner gave objects, the
/// step-through in progress, and how long traces are shown.
public final class TraceInspection {
    /// Object name → the label it is shown under (`:name`).
    public internal(set) var labels: [String: String] = [:]
    /// The step-through in progress (`:step`); while it runs, inputs answer it.
    public internal(set) var stepping: StepThrough?
    /// Events per page for `:trace --page N`.
    public var pageSize = 200
    /// Traces longer than this are summarised after an input.
    public var maxLinesAfterInput = 400

    public init() {}

    func reset() {
        labels.removeAll()
        stepping = nil
    }

    /// The events as the learner names things: every label applied.
    func labelled(_ events: TraceEvents) -> TraceEvents {
        guard !labels.isEmpty else { return events }
        // The labels of now: a label given later does not change these events.
        let labels = labels
        let label = { (name: String) in labels[name] ?? name }
        return events.relabelled { event in
            event.target = label(event.target)
            if event.kind == .subscribe || event.kind == .receiveSubscription { event.argument = label(event.argument) }
            event.subscription = event.subscription.map(label)
            if let subscription = event.ledger?.subscription { event.ledger?.subscription = label(subscription) }
            for index in event.violations.indices {
                event.violations[index].message = Self.relabel(event.violations[index].message, by: labels)
            }
        }
    }

    /// Replaces whole names in a sentence (`Sink#1` but not `Sink#10`).
    private static func relabel(_ text: String, by labels: [String: String]) -> String {
        var result = text
        for (name, label) in labels.sorted(by: { $0.key.count > $1.key.count }) {
            var output = ""
            var rest = Substring(result)
            while let range = rest.range(of: name) {
                let next = rest[range.upperBound...].first
                output += rest[..<range.lowerBound]
                output += (next?.isNumber ?? false) ? String(rest[range]) : label
                rest = rest[range.upperBound...]
            }
            result = output + rest
        }
        return result
    }
}

extension Session {
    /// The prompt to show: step-through has its own.
    public var prompt: String { inspection.stepping == nil ? "undercurrent> " : "step> " }

    static let inspectionCommands = [":demand", ":step", ":marbles", ":export", ":name", ":check"]

    static let inspectionHelp = """
        Inspecting traces (the contract checker flags calls that break the rules, with ✗ or ⚠):
          :trace --only NAME | --depth N | --values | --lifecycle
                            show part of the last trace (options combine)
          :trace --page N   show the last trace a page at a time (--page-size N sets the page)
          :trace --cap N    keep at most N events per trace (the oldest are dropped)
          :demand [NAME]    the demand ledger of every subscription (or those of NAME)
          :step             replay the last trace a call at a time (Enter, b: back, q: quit)
          :marbles          each stage of the last trace as a marble timeline
          :export FILE      write the last trace: .json, .mmd (Mermaid), .chrome.json (Perfetto);
                            --format json|mermaid|chrome overrides the name
          :name NAME LABEL  show the object NAME as LABEL (or label a stage with .trace("LABEL"))
          :check [on|off]   the contract checker's findings for the last input; turn it on or off

        """

    /// The last trace as the learner names things.
    var displayedEvents: [TraceEvent] { inspection.labelled(lastEvents).spelledOut }

    private var hasCalls: Bool { lastEvents.hasCalls }

    // MARK: - Step-through answers

    /// While a step-through runs, every input is an answer to it.
    func answerStepThrough(_ input: String) -> Action? {
        guard var stepping = inspection.stepping else { return nil }
        // Another colon command ends the step-through and runs.
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(":"), StepThrough.Command(trimmed) != .quit {
            inspection.stepping = nil
            write("Step-through ended.\n")
            return nil
        }
        let (text, finished) = stepping.answer(input)
        inspection.stepping = finished ? nil : stepping
        write(text)
        return .continue
    }

    // MARK: - Commands

    /// The trace-inspection commands; nil for a command that is not one of them.
    func runInspectionCommand(_ command: String, argument: String) -> Action? {
        switch command {
        case ":demand": showDemand(argument)
        case ":step": startStepThrough()
        case ":marbles": showMarbles(argument)
        case ":export": export(argument)
        case ":name": name(argument)
        case ":check": check(argument)
        default: return nil
        }
        return .continue
    }

    /// `:trace` with options.
    func runTraceOptions(_ argument: String) {
        var words = argument.split(separator: " ").map(String.init)
        var page: Int?
        var index = 0
        var remaining: [String] = []
        while index < words.count {
            let word = words[index]
            let number = index + 1 < words.count ? Int(words[index + 1]) : nil
            switch word {
            case "--cap":
                guard let number, number > 0 else { return write("usage: :trace --cap N (N events, at least 10)\n") }
                tracer.capacity = number
                write(
                    "Traces keep at most \(tracer.capacity) events from now on; older ones are dropped, with a note.\n")
                index += 2
                if index >= words.count { return }
                continue
            case "--page":
                guard let number else { return write("usage: :trace --page N\n") }
                page = number
                index += 2
                continue
            case "--page-size":
                guard let number, number > 0 else { return write("usage: :trace --page-size N\n") }
                inspection.pageSize = number
                index += 2
                if page == nil { page = 1 }
                continue
            default:
                remaining.append(word)
                index += 1
            }
        }
        words = remaining
        let (filter, rest, error) = TraceFilter.parse(words)
        if let error { return write(error + "\n") }
        guard rest.isEmpty else {
            return write(
                "usage: :trace [on|off] [--only NAME] [--depth N] [--values] [--lifecycle] [--page N] [--cap N]\n")
        }
        guard hasCalls else { return write("No trace yet: the last input made no Combine calls.\n") }
        let events = filter.apply(to: displayedEvents)
        guard !events.isEmpty else { return write("No call in the last trace matches.\n") }
        var renderer = TraceRenderer(useColor: useColor)
        renderer.showTime = TraceRenderer.timeVaries(in: events)
        let paging = TracePaging(pageSize: inspection.pageSize, renderer: renderer)
        let lines = page.map { paging.page($0, of: events) } ?? paging.summarised(events, maxLines: 4000)
        write(droppedNote() + lines.joined(separator: "\n") + "\n")
    }

    /// The trace shown after an input, and by `:trace`: long ones summarised, with the
    /// dropped-events note and the contract checker's summary.
    func traceText(_ events: TraceEvents, maxLines: Int) -> String {
        let events = inspection.labelled(events)
        var renderer = TraceRenderer(useColor: useColor)
        renderer.showTime = TraceRenderer.timeVaries(in: events)
        let lines = TracePaging(pageSize: inspection.pageSize, renderer: renderer).summarised(
            events, maxLines: maxLines)
        return droppedNote() + lines.joined(separator: "\n") + "\n" + contractSummaryText(maxListed: 10)
    }

    /// The contract checker's findings for the last input, or nothing; after an input, only
    /// the first `maxListed` (`:check` lists every one kept).
    func contractSummaryText(maxListed: Int? = nil) -> String {
        // From the events (labels applied), unless some went with dropped events.
        let violations = inspection.labelled(lastEvents).violations
        let kept = violations.count >= tracer.violations.count ? violations : tracer.violations
        let lines = ContractSummary.render(
            kept, total: tracer.violationCount, useColor: useColor, maxListed: maxListed, more: " (:check lists them)")
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private func droppedNote() -> String {
        guard tracer.droppedCount > 0 else { return "" }
        var note = "(\(tracer.droppedCount) earlier events were dropped to bound memory; :trace --cap N keeps more)\n"
        // What the program printed among them is shown all the same.
        if !tracer.droppedOutput.isEmpty {
            note += "printed before the events shown:\n"
            note += tracer.droppedOutput.map { "      » \($0)\n" }.joined()
            let more = tracer.droppedOutputCount - tracer.droppedOutput.count
            if more > 0 { note += "      (\(more) more printed lines)\n" }
        }
        return note
    }

    private func showDemand(_ argument: String) {
        guard hasCalls else { return write("No trace yet: the last input made no Combine calls.\n") }
        var ledger = DemandLedger(events: displayedEvents)
        if !argument.isEmpty { ledger = ledger.focused(on: argument) }
        guard !ledger.accounts.isEmpty else {
            return write(
                argument.isEmpty
                    ? "No subscription in the last trace.\n"
                    : "No subscription of \(argument) in the last trace.\n")
        }
        write(droppedNote() + ledger.render().joined(separator: "\n") + "\n")
    }

    private func startStepThrough() {
        guard let stepping = StepThrough(events: displayedEvents, useColor: useColor) else {
            return write("No trace to step through: the last input made no Combine calls.\n")
        }
        inspection.stepping = stepping
        write(droppedNote() + stepping.render())
    }

    private func showMarbles(_ argument: String) {
        guard hasCalls else { return write("No trace yet: the last input made no Combine calls.\n") }
        var events = displayedEvents
        if !argument.isEmpty {
            let (filter, rest, error) = TraceFilter.parse(argument.split(separator: " ").map(String.init))
            if let error { return write(error + "\n") }
            guard rest.isEmpty else { return write("usage: :marbles [--only NAME]\n") }
            if let only = filter.only {
                events = events.filter { TraceFilter.matches($0.target, only) || $0.kind == .cancel }
            }
        }
        let lines = MarbleRenderer(useColor: useColor).render(events)
        guard !lines.isEmpty else { return write("No values, completions or cancels in the last trace.\n") }
        write(lines.joined(separator: "\n") + "\n")
    }

    private func export(_ argument: String) {
        var words = argument.split(separator: " ").map(String.init)
        var format: TraceExport.Format?
        if let flag = words.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            let value =
                words[flag].hasPrefix("--format=")
                ? String(words[flag].dropFirst("--format=".count))
                : (flag + 1 < words.count ? words[flag + 1] : "")
            guard let chosen = TraceExport.Format(rawValue: value) else {
                return write("--format is json, mermaid or chrome\n")
            }
            format = chosen
            words.removeSubrange(flag...(words[flag].hasPrefix("--format=") ? flag : min(flag + 1, words.count - 1)))
        }
        guard words.count == 1, let path = words.first else {
            return write("usage: :export FILE [--format json|mermaid|chrome]\n")
        }
        guard hasCalls else { return write("No trace to export: the last input made no Combine calls.\n") }
        if let error = TraceExport.write(displayedEvents, to: path, format: format, droppedCount: tracer.droppedCount) {
            return write(error + "\n")
        }
        let chosen = format ?? TraceExport.Format(fileName: path) ?? .json
        write("Wrote \(lastEvents.count) events to \(path) (\(chosen.rawValue)).\n")
    }

    private func name(_ argument: String) {
        let words = argument.split(separator: " ").map(String.init)
        guard words.count == 2 else {
            return write("usage: :name OBJECT LABEL   (for example :name Map.Inner#1 upper)\n")
        }
        let (object, label) = (words[0], words[1])
        if let existing = inspection.labels.first(where: { $0.value == object }) {
            // Renaming a label renames the object it stands for.
            inspection.labels[existing.key] = label
            return write("\(existing.key) is now shown as \(label).\n")
        }
        let known = lastEvents.contains { event in
            event.target == object || event.subscription == object
                || ((event.kind == .subscribe || event.kind == .receiveSubscription) && event.argument == object)
        }
        guard known else { return write("No object named \(object) in the last trace.\n") }
        inspection.labels[object] = label
        write("\(object) is now shown as \(label).\n")
    }

    private func check(_ argument: String) {
        switch argument {
        case "on":
            tracer.checksContract = true
            write("The contract checker is on: calls that break the Publisher/Subscriber contract are flagged.\n")
        case "off":
            tracer.checksContract = false
            write("The contract checker is off.\n")
        case "":
            let text = contractSummaryText()
            write(text.isEmpty ? ContractSummary.clean + "\n" : text)
        default:
            write("usage: :check [on|off]\n")
        }
    }
}
