import Combine

// A computed property can be async: reading it is awaited, and its getter may wait.
struct Thermometer {
    let readings: [Double]
    var latest: Double {
        get async {
            try? await Task.sleep(nanoseconds: 5_000_000)
            return readings.last ?? 0
        }
    }
}
let thermometer = Thermometer(readings: [18.5, 19.0])
print("latest:", await thermometer.latest)

// A task can be given a priority; here every task runs on one thread, so priorities are
// accepted and printed but order nothing.
let urgent = Task(priority: .high) { "urgent done" }
let later = Task.detached(priority: .background) { "background done" }
print(await urgent.value)
print(await later.value)
print(TaskPriority.high, TaskPriority.low, TaskPriority.medium.rawValue)
