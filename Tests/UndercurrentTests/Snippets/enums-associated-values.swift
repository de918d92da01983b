import Foundation

// Enums with associated values: construction, printing, matching.
enum Event {
    case tap(x: Int, y: Int)
    case key(Character)
    case scroll(Double)
    case idle
}

let events: [Event] = [.tap(x: 3, y: 4), .key("q"), .scroll(-1.5), .idle, .tap(x: 0, y: 9)]
for event in events {
    switch event {
    case .tap(let x, let y) where x == 0:
        print("tap on the left edge at y \(y)")
    case let .tap(x, y):
        print("tap at \(x),\(y)")
    case .key(let character) where character.isLetter:
        print("letter key \(character)")
    case .key:
        print("other key")
    case .scroll(let amount):
        print("scroll by \(amount)")
    case .idle:
        print("idle")
    }
}
print(events)
print(events.first!, events.last!)

enum Outcome: Equatable {
    case success(value: Int)
    case failure(message: String, code: Int)
}
let outcomes = [Outcome.success(value: 1), .failure(message: "boom", code: 42), .success(value: 2)]
print(outcomes.filter { $0 != .success(value: 1) })
for case .success(let value) in outcomes { print("value", value) }
if case .failure(let message, _) = outcomes[1] { print("failed with", message) }
print(outcomes.contains(.success(value: 2)), outcomes.firstIndex(of: .success(value: 2)) as Any)

enum Planet: Int, CaseIterable {
    case mercury = 1, venus, earth
}
print(Planet.allCases, Planet.earth.rawValue, Planet(rawValue: 2) as Any, Planet(rawValue: 9) as Any)
print(Planet.allCases.map(\.rawValue).reduce(0, +))

enum Suit: String { case hearts = "♥", spades = "♠" }
print(Suit.hearts, Suit.hearts.rawValue, [Suit.spades])
debugPrint(Suit.spades)

indirect enum Expression {
    case number(Int)
    case add(Expression, Expression)
    case multiply(Expression, Expression)
}
func evaluate(_ expression: Expression) -> Int {
    switch expression {
    case .number(let value): return value
    case .add(let lhs, let rhs): return evaluate(lhs) + evaluate(rhs)
    case .multiply(let lhs, let rhs): return evaluate(lhs) * evaluate(rhs)
    }
}
let expression = Expression.add(.number(2), .multiply(.number(3), .number(4)))
print(evaluate(expression))
print(expression)

enum Loading {
    case idle, loading(progress: Double), done([String])
    var summary: String {
        switch self {
        case .idle: return "idle"
        case .loading(let progress): return "loading \(Int(progress * 100))%"
        case .done(let items): return "done with \(items.count) items"
        }
    }
}
for state in [Loading.idle, .loading(progress: 0.25), .done(["a", "b"])] { print(state.summary, state) }
