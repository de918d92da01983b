/// `:marbles`: each stage of a pipeline as a timeline, one row per subscriber:
///
///     Map.Inner#1  ──1───2───3───|
///     Sink#1       ──10──20──30──|
///
/// Values are written out, `|` is a completion, `X` a failure, `!` a cancel of the
/// subscriber's subscription, and `✕2` a value a subject dropped because the subscriber had
/// no demand, or that a stage (debounce, throttle) discarded. Columns follow the order of the calls; a value that one stage
/// passes on to the next within the same call shares its column, so a column reads as one
/// signal travelling down the pipeline. When the events carry virtual time, a ruler above
/// gives the time of each column and columns never mix two instants.
public struct MarbleRenderer {
    public var useColor: Bool
    /// Signals beyond this many columns are summarised rather than drawn.
    public var maxColumns = 60
    /// Longer values are cut, with `…`.
    public var maxValueWidth = 12

    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    enum Marble: Equatable {
        case value(String)
        /// A value a subject dropped for lack of demand: not received.
        case dropped(String)
        case finished
        case failure
        case cancel

        var text: String {
            switch self {
            case .value(let text): return text
            case .dropped(let text): return "✕" + text
            case .finished: return "|"
            case .failure: return "X"
            case .cancel: return "!"
            }
        }

        var endsRow: Bool { self == .finished || self == .failure || self == .cancel }
    }

    struct Column {
        var time: Double?
        var marbles: [String: Marble] = [:]
    }

    struct Layout {
        var rows: [String] = []
        var columns: [Column] = []
        var hiddenColumns = 0
    }

    func layout(_ events: [TraceEvent]) -> Layout {
        var layout = Layout()
        // Columns follow virtual time only when it moved.
        let timed = TraceRenderer.timeVaries(in: events)
        var rowSet: Set<String> = []
        var subscriptionOf: [String: String] = [:]
        // For each depth, the column and kind of the last call there, when it drew a marble.
        var open: [(column: Int, kind: TraceEvent.Kind)?] = []
        func addRow(_ name: String) {
            if rowSet.insert(name).inserted { layout.rows.append(name) }
        }
        for event in events where event.kind != .output {
            if open.count > event.depth { open.removeSubrange(event.depth...) }
            while open.count < event.depth { open.append(nil) }
            let parent = event.depth > 0 ? open[event.depth - 1] : nil
            switch event.kind {
            case .receiveSubscription:
                addRow(event.target)
                subscriptionOf[event.target] = event.argument
                open.append(nil)
                continue
            case .receiveValue, .receiveCompletion, .cancel:
                break
            case .dropped where !event.target.isEmpty, .discarded:
                break
            default:
                open.append(nil)
                continue
            }
            // Which rows, and which marble.
            var marks: [(row: String, marble: Marble)] = []
            switch event.kind {
            case .receiveValue:
                addRow(event.target)
                if let subscription = event.subscription { subscriptionOf[event.target] = subscription }
                marks = [(event.target, .value(clip(event.argument)))]
            case .receiveCompletion:
                addRow(event.target)
                marks = [(event.target, event.argument.hasPrefix(".failure") ? .failure : .finished)]
            case .dropped, .discarded:
                addRow(event.target)
                marks = [(event.target, .dropped(clip(event.argument)))]
            default:
                marks = layout.rows.filter { subscriptionOf[$0] == event.target }.map { ($0, .cancel) }
            }
            guard !marks.isEmpty else {
                open.append(nil)
                continue
            }
            let column: Int
            let time = timed ? event.time : nil
            if let parent, parent.kind == event.kind, layout.columns[parent.column].time == time,
                marks.allSatisfy({ layout.columns[parent.column].marbles[$0.row] == nil })
            {
                column = parent.column
            } else {
                layout.columns.append(Column(time: time))
                column = layout.columns.count - 1
            }
            for mark in marks { layout.columns[column].marbles[mark.row] = mark.marble }
            open.append((column, event.kind))
        }
        if layout.columns.count > maxColumns {
            layout.hiddenColumns = layout.columns.count - maxColumns
            layout.columns.removeLast(layout.hiddenColumns)
        }
        return layout
    }

    public func render(_ events: [TraceEvent]) -> [String] {
        let layout = layout(events)
        guard !layout.rows.isEmpty, !layout.columns.isEmpty else { return [] }
        let labelWidth = layout.rows.map(\.count).max() ?? 0
        var widths = layout.columns.map { column in
            max(3, (column.marbles.values.map(\.text.count).max() ?? 1) + 2)
        }
        // The first column of each instant is wide enough for its time on the ruler.
        for index in layout.columns.indices
        where index == 0 || layout.columns[index].time != layout.columns[index - 1].time {
            if let time = layout.columns[index].time {
                widths[index] = max(widths[index], TraceRenderer.formatTime(time).count + 1)
            }
        }
        var lines: [String] = []
        if layout.columns.contains(where: { $0.time != nil }) {
            lines.append(ruler(layout, widths: widths, labelWidth: labelWidth))
        }
        for row in layout.rows {
            var line = row.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  ─"
            var ended = false
            for (index, column) in layout.columns.enumerated() {
                if ended { break }
                let width = widths[index]
                guard let marble = column.marbles[row] else {
                    line += String(repeating: "─", count: width)
                    continue
                }
                line += "─" + paint(marble) + String(repeating: "─", count: max(0, width - 1 - marble.text.count))
                if marble.endsRow {
                    ended = true
                    line = String(line.dropLast(max(0, width - 1 - marble.text.count)))
                }
            }
            lines.append(line)
        }
        if layout.hiddenColumns > 0 {
            lines.append("… \(layout.hiddenColumns) more signals not drawn")
        }
        return lines
    }

    /// Times above the columns where an instant begins: `0ms`, `100ms`.
    private func ruler(_ layout: Layout, widths: [Int], labelWidth: Int) -> String {
        var text = ""
        var position = 0
        var lastTime: Double?
        for (index, column) in layout.columns.enumerated() {
            if index == 0 || column.time != lastTime {
                let label = column.time.map(TraceRenderer.formatTime) ?? "?"
                // A label that would run into the previous one is left out.
                if text.count <= position {
                    text += String(repeating: " ", count: position - text.count) + label
                }
                lastTime = column.time
            }
            position += widths[index]
        }
        return "time".padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "    " + text
    }

    private func clip(_ text: String) -> String {
        text.count > maxValueWidth ? String(text.prefix(maxValueWidth - 1)) + "…" : text
    }

    private func paint(_ marble: Marble) -> String {
        guard useColor else { return marble.text }
        let code: String
        switch marble {
        case .value: code = "32"
        case .dropped: code = "33"
        case .finished: code = "1"
        case .failure: code = "31"
        case .cancel: code = "33"
        }
        let reset = code == "1" ? "22" : "39"
        return "\u{1B}[\(code)m\(marble.text)\u{1B}[\(reset)m"
    }
}
