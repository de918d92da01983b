import Combine

// A body that awaits keeps its loops, its defer blocks and its do/catch across each wait.
enum Stop: Error { case at(Int) }
func countdown(from start: Int) async throws -> [Int] {
    var seen: [Int] = []
    defer { print("countdown's defer, seen \(seen.count)") }
    var value = start
    while value > 0 {
        try await Task.sleep(nanoseconds: 10_000_000)
        if value == 2 { throw Stop.at(value) }
        seen.append(value)
        value -= 1
    }
    return seen
}
do {
    print(try await countdown(from: 4))
} catch {
    print("caught", error)
}
for round in 1...2 {
    defer { print("end of round", round) }
    await Task.yield()
    print("round", round)
}
