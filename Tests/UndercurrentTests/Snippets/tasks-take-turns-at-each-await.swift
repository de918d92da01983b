import Combine

// Tasks started at the top level run on the main actor, as the top level does: they take
// turns only where one awaits.
var log: [String] = []
let a = Task {
    for step in 1...3 {
        log.append("a\(step)")
        await Task.yield()
    }
}
let b = Task {
    for step in 1...2 {
        log.append("b\(step)")
        await Task.yield()
    }
}
log.append("top")
await a.value
await b.value
print(log.joined(separator: " "))

// A task that never awaits runs to its end in one turn.
let quick = Task { () -> Int in
    var total = 0
    for value in 1...100 { total += value }
    return total
}
print("quick", await quick.value)
