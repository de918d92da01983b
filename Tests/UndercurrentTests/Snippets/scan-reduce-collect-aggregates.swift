import Combine

// scan emits every intermediate result, reduce only the last one; collect gathers.
var bag = Set<AnyCancellable>()
// Each pipeline gets its own subject: with several subscribers on one subject the
// delivery order is not specified.
func feed(_ label: String, _ attach: (PassthroughSubject<Double, Never>) -> AnyCancellable) {
    print("--", label)
    let prices = PassthroughSubject<Double, Never>()
    let c = attach(prices)
    for price in [4.5, 2.25, 10] {
        print("send", price)
        prices.send(price)
    }
    print("finish")
    prices.send(completion: .finished)
    c.cancel()
}

feed("scan") { $0.scan(0, +).sink { print("running total", $0) } }
feed("reduce") { $0.reduce(0, +).sink { print("final total", $0) } }
feed("collect") { $0.collect().sink { print("all prices", $0) } }
feed("collect(2)") { $0.collect(2).sink { print("pair", $0) } }
feed("scan with min") { $0.scan(Double.infinity) { min($0, $1) }.sink { print("cheapest so far", $0) } }

print("scan into a struct")
struct Stats { var count = 0; var longest = "" }
["tea", "espresso", "latte"].publisher
    .scan(Stats()) { stats, drink in
        Stats(count: stats.count + 1, longest: drink.count > stats.longest.count ? drink : stats.longest)
    }
    .sink { print($0) }
    .store(in: &bag)

print("reduce into a string, collect of nothing")
(1...5).publisher.reduce("") { $0 + String($1) }.sink { print("digits", $0) }.store(in: &bag)
Empty<Int, Never>().collect().sink { print("empty collect", $0) }.store(in: &bag)
Empty<Int, Never>().reduce(100, +).sink { print("empty reduce", $0) }.store(in: &bag)

print("tryScan stops on an error")
struct TooBig: Error {}
[5, 10, 20].publisher
    .tryScan(0) { total, next in
        guard total + next <= 20 else { throw TooBig() }
        return total + next
    }
    .sink(receiveCompletion: { print("completion", $0) }, receiveValue: { print("partial", $0) })
    .store(in: &bag)
