// A struct's `lazy` property runs its initializer on the first read through a variable,
// once, and each copy of the struct keeps its own.
struct Report {
    var lines: [String]
    lazy var summary: String = {
        print("summarizing \(lines.count) lines")
        return lines.joined(separator: " / ")
    }()
    lazy var size = lines.count
    mutating func headline() -> String { "\(size): \(summary)" }
}
var report = Report(lines: ["a", "b"])
print("made")
print(report.summary)
print(report.summary.count)
var copy = report
copy.lines.append("c")
print(copy.summary, copy.size)
var fresh = Report(lines: ["x"])
var twin = fresh
print(twin.headline())
print(fresh.headline())
var reports = [Report(lines: ["p", "q"])]
print(reports[0].summary)
print(reports[0].summary)
struct Shelf { var report = Report(lines: ["n"]) }
var shelf = Shelf()
print(shelf.report.size, shelf.report.summary)
report.size = 10
print(report.size)
