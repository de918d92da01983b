import Combine

// An actor's state is changed by one call at a time. Calls from outside are awaited; inside,
// the actor's own methods call each other directly.
actor BankAccount {
    private(set) var balance = 0
    private var history: [String] = []

    func deposit(_ amount: Int) {
        balance += amount
        record("+\(amount)")
    }

    func withdraw(_ amount: Int) -> Bool {
        guard balance >= amount else {
            record("refused -\(amount)")
            return false
        }
        balance -= amount
        record("-\(amount)")
        return true
    }

    private func record(_ entry: String) { history.append(entry) }

    func statement() -> String { history.joined(separator: " ") }
}

let account = BankAccount()
await account.deposit(100)
let first = Task { await account.withdraw(70) }
let second = Task { await account.withdraw(70) }
print(await first.value, await second.value)
print(await account.balance)
print(await account.statement())

// An actor is reentrant: while one call awaits, another call can run, and the state may
// have changed by the time the first goes on.
actor Cache {
    var loads = 0
    var value: String?

    func load() async -> String {
        if let value { return value }
        loads += 1
        try? await Task.sleep(nanoseconds: 10_000_000)
        value = "loaded"
        return "loaded"
    }
}
let cache = Cache()
let a = Task { await cache.load() }
let b = Task { await cache.load() }
print(await a.value, await b.value)
print("loads:", await cache.loads)
