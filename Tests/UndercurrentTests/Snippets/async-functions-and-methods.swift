import Combine

// Async functions, methods and closures, awaited from the top level and from a task.
func fetchScore(for name: String) async -> Int {
    await Task.yield()
    return name.count * 10
}

struct Scoreboard {
    var names: [String]
    func total() async -> Int {
        var sum = 0
        for name in names {
            sum += await fetchScore(for: name)
        }
        return sum
    }
}

final class Counter {
    private(set) var count = 0
    func bump(by step: Int) async throws -> Int {
        try await Task.sleep(nanoseconds: 1_000_000)
        count += step
        return count
    }
}

let double: (Int) async -> Int = { value in
    await Task.yield()
    return value * 2
}

print("total", await Scoreboard(names: ["ada", "grace"]).total())
let counter = Counter()
print("bumped", try await counter.bump(by: 3))
print("doubled", await double(21))
let task = Task { () -> String in
    let first = try await counter.bump(by: 1)
    let second = await double(first)
    return "task \(first) \(second)"
}
print(try await task.value)
print("count", counter.count)
