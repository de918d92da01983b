import Combine

// How values print when they travel through publishers: the module is `main`
// for nested and top-level types shown inside collections, optionals and errors.
struct Order {
    enum Status { case placed, shipped(carrier: String), cancelled(reason: String?) }
    struct Line { let sku: String; let quantity: Int }
    let id: Int
    var status: Status
    var lines: [Line]
}
struct Receipt { let order: Order.Line?; let total: Double }
enum CheckoutError: Error { case declined(code: Int), outOfStock(Order.Line) }

let line = Order.Line(sku: "A-1", quantity: 2)
let order = Order(id: 7, status: .shipped(carrier: "UPS"), lines: [line])
print(order)
print(order.status, [order.status], order.lines)
print(Order.Status.cancelled(reason: nil), Order.Status.cancelled(reason: "late") as Order.Status?)
print((order.id, order.lines.first!), ["A-1": line.quantity], ["key": order.status])
let maybe: Order.Line? = order.lines.first
let nothing: Order.Line? = nil
print(maybe as Any, nothing as Any, [maybe, nothing])
print(Receipt(order: line, total: 9.5), Receipt(order: nil, total: 0))
print("\(order.status)", String(reflecting: order.status), String(reflecting: line))

var bag = Set<AnyCancellable>()
Just(order.status)
    .print("status")
    .sink { print("sink:", $0) }
    .store(in: &bag)
Fail<Order, CheckoutError>(error: .outOfStock(line))
    .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print($0) })
    .store(in: &bag)
[Order.Status.placed, .shipped(carrier: "DHL")].publisher
    .collect()
    .sink { print("statuses:", $0) }
    .store(in: &bag)
Just([line]).sink { print("lines:", $0) }.store(in: &bag)
Just((1, "tuple", [2.5], Optional(3)))
    .sink { print("tuple:", $0) }
    .store(in: &bag)
print(Subscribers.Completion<CheckoutError>.failure(.declined(code: 51)))
