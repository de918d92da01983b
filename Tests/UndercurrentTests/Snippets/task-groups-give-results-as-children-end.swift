import Combine

// A task group's children run as tasks of their own; for await over the group gives their
// results in the order they end, not the order they were added.
func fetchScore(_ player: Int) async -> Int {
    try? await Task.sleep(nanoseconds: player == 1 ? 30_000_000 : player == 2 ? 20_000_000 : 10_000_000)
    return player * 100
}
let total = await withTaskGroup(of: Int.self) { group in
    for player in 1...3 {
        group.addTask { await fetchScore(player) }
    }
    var finished: [Int] = []
    for await score in group {
        finished.append(score)
    }
    print("in the order they finished:", finished)
    return finished.reduce(0, +)
}
print("total", total)

// A throwing group: the first error next() meets is thrown out of the group, and the
// children still running are cancelled.
struct Offline: Error {}
do {
    try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
            try await Task.sleep(nanoseconds: 10_000_000)
            throw Offline()
        }
        group.addTask {
            try await Task.sleep(nanoseconds: 50_000_000)
            return 2
        }
        while let value = try await group.next() {
            print("value", value)
        }
    }
} catch {
    print("group threw", error)
}

// waitForAll waits for every child; isEmpty says when none is left.
await withTaskGroup(of: Void.self) { group in
    for step in 1...2 {
        group.addTask { try? await Task.sleep(nanoseconds: step == 1 ? 20_000_000 : 10_000_000) }
    }
    print("empty before:", group.isEmpty)
    await group.waitForAll()
    print("empty after:", group.isEmpty)
}
