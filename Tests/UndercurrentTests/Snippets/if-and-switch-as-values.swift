import Combine

// `if` and `switch` give a value (Swift 5.9): in an initializer, an assignment, a
// `return`, or as the whole body of a function or closure.
enum Oops: Error { case unreadable }

func sign(_ number: Int) -> String {
    if number > 0 { "positive" } else if number < 0 { "negative" } else { "zero" }
}
print(sign(4), sign(-1), sign(0))

func double(_ text: String) throws -> Int {
    let number = if let parsed = Int(text) { parsed } else { throw Oops.unreadable }
    return number * 2
}
print(try double("21"), (try? double("many")) as Any)

let urgent = true
let delay: Double = if urgent { 1 } else { 30 }
var state = "idle"
state = if urgent { "sending" } else { "waiting" }
let retries: Int? = if urgent { 3 } else { nil }
print(delay, state, retries as Any)

var cancellables = Set<AnyCancellable>()
Fail<Int, Oops>(error: .unreadable)
    .sink(
        receiveCompletion: { completion in
            let summary =
                switch completion {
                case .finished: "finished"
                case .failure(let error): "failed: \(error)"
                }
            print(summary)
        },
        receiveValue: { _ in }
    )
    .store(in: &cancellables)

(1...4).publisher
    .map { value in value.isMultiple(of: 2) ? value : -value }
    .flatMap { value in if value > 0 { Just(value * 10) } else { Just(0) } }
    .map { value in
        switch value {
        case 0: "skipped"
        default: "kept \(value)"
        }
    }
    .sink { print($0) }
    .store(in: &cancellables)

final class Token {
    let name: String
    init(_ name: String) { self.name = name }
    deinit { print("released", name) }
}
do {
    let token = if urgent { Token("fast") } else { Token("slow") }
    print("holding", token.name)
}
print("done")

// In a property's initializer, a static one and a lazy one.
struct Settings {
    var mode = if urgent { "fast" } else { "slow" }
    static let level = switch urgent {
    case true: 3
    case false: 1
    }
}
final class Panel {
    lazy var label: String = if urgent { "on" } else { "off" }
}
print(Settings().mode, Settings.level, Panel().label)
