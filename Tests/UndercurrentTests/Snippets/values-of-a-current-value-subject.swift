import Combine

// A CurrentValueSubject hands its current value to the new subscriber at its first request:
// the loop sees it first, then what is sent while the loop waits for its next turn.
let temperature = CurrentValueSubject<Int, Never>(18)
let reader = Task { () -> [Int] in
    var seen: [Int] = []
    for await value in temperature.values {
        seen.append(value)
        if seen.count == 3 { break }
    }
    return seen
}
try await Task.sleep(nanoseconds: 10_000_000)
temperature.send(19)
try await Task.sleep(nanoseconds: 10_000_000)
temperature.send(21)
print(await reader.value)
print("current:", temperature.value)
