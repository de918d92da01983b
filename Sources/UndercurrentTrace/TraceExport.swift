import Foundation
import UndercurrentInterpreter

/// Writes a trace for other tools: JSON (schema in the README), a Mermaid sequence diagram
/// (GitHub renders it), or Chrome trace-event JSON (Perfetto's UI opens it).
public enum TraceExport {
    public enum Format: String, Sendable, CaseIterable {
        case json, mermaid, chrome

        /// By the file's name: `*.mmd`, `*.mermaid` → Mermaid; `*.chrome.json`,
        /// `*.perfetto.json`, `*.trace` → Chrome; `*.json` → JSON.
        public init?(fileName: String) {
            let lower = fileName.lowercased()
            if lower.hasSuffix(".mmd") || lower.hasSuffix(".mermaid") || lower.hasSuffix(".md") {
                self = .mermaid
            } else if lower.hasSuffix(".chrome.json") || lower.hasSuffix(".perfetto.json") || lower.hasSuffix(".trace")
            {
                self = .chrome
            } else if lower.hasSuffix(".json") {
                self = .json
            } else {
                return nil
            }
        }
    }

    /// The trace in `format`.
    public static func render(_ events: [TraceEvent], format: Format, droppedCount: Int = 0) -> String {
        switch format {
        case .json: return TraceJSON.render(events, droppedCount: droppedCount)
        case .mermaid: return TraceMermaid.render(events)
        case .chrome: return TraceChrome.render(events, droppedCount: droppedCount)
        }
    }

    /// Writes the trace to `path`; returns an error message, or nil.
    public static func write(_ events: [TraceEvent], to path: String, format: Format?, droppedCount: Int = 0) -> String?
    {
        guard let format = format ?? Format(fileName: path) else {
            return
                "Cannot tell the format from \(path): name it .json, .mmd or .chrome.json, or give --format json|mermaid|chrome"
        }
        let expanded = (path as NSString).expandingTildeInPath
        // Only a regular file is written (a symbolic link is followed to one): replacing a
        // device or a named pipe by rename, as an atomic write does, would destroy it.
        switch LocalFile.kind(of: expanded) {
        case .other(let what):
            return "Cannot write \(path): it is \(what); the trace is written only to a regular file"
        case .missing, .regular:
            break
        }
        let text = render(events, format: format, droppedCount: droppedCount)
        switch LocalFile.write(Data(text.utf8), to: expanded) {
        case .success: return nil
        case .failure(let problem): return "Cannot write \(path): \(problem.reason)"
        }
    }

    /// For each call event, the index just past the last call nested in it.
    static func extents(_ events: [TraceEvent]) -> [Int] {
        var ends = Array(repeating: events.count, count: events.count)
        var open: [Int] = []
        for (index, event) in events.enumerated() where event.kind != .output {
            while let last = open.last, events[last].depth >= event.depth {
                ends[last] = index
                open.removeLast()
            }
            open.append(index)
        }
        return ends
    }

    /// For each event, the index of the call it was made from (nil: the script's own code).
    static func callers(_ events: [TraceEvent]) -> [Int?] {
        var result: [Int?] = []
        result.reserveCapacity(events.count)
        var open: [Int] = []
        for (index, event) in events.enumerated() {
            // A printed line at depth d was printed inside the call at depth d - 1.
            let depth = event.depth
            while let last = open.last, events[last].depth >= depth { open.removeLast() }
            result.append(open.last)
            if event.kind != .output { open.append(index) }
        }
        return result
    }
}
