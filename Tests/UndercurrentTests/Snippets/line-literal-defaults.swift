func here(_ line: Int = #line) -> Int { line }
struct Marker {
    let line: Int
    init(line: Int = #line) { self.line = line }
}
print(#line)
print(here())
print(here(99))
let marker = Marker()
print(marker.line)
func log(_ message: String, line: Int = #line) { print("\(line): \(message)") }
log("called here")
