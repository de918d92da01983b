import Foundation

/// Wall-clock timing and summaries.
public enum Measure {
    @inline(__always)
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds `body` takes.
    @inline(__always)
    public static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `12.3 ms`, `850 µs`, `1.24 s`
    public static func duration(_ seconds: Double) -> String {
        if seconds.isNaN { return "—" }
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 0.01 { return String(format: "%.1f ms", seconds * 1e3) }
        if seconds >= 0.001 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.0f µs", seconds * 1e6)
    }

    public static func ratio(_ value: Double) -> String {
        if value.isNaN || value.isInfinite { return "—" }
        return value >= 10 ? String(format: "%.0f×", value) : String(format: "%.1f×", value)
    }

    /// `VmHWM` (peak resident set) and `VmRSS` of this process, in bytes, from /proc/self/status.
    public static func memory() -> (peak: Int, resident: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
                let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
                return (Int(String(digits)) ?? 0) * 1024
            }
            return 0
        }
        return (field("VmHWM"), field("VmRSS"))
    }

    public static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

/// Left-aligned first column, right-aligned others.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) {
        self.header = header
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        var lines = [line(header)]
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
