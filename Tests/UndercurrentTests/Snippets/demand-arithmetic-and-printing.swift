import Combine

// Subscribers.Demand is a value type with saturating arithmetic around .unlimited.
let three = Subscribers.Demand.max(3)
let five: Subscribers.Demand = .max(5)
print("three:", three, "five:", five)
print("sum:", three + five, "difference:", five - three, "product:", three * 4)
print("with Int:", three + 2, five - 1, three * 0)

let forever = Subscribers.Demand.unlimited
print("unlimited plus:", forever + 7, forever + three, forever + forever)
print("unlimited minus:", forever - 100, forever - three)
print("unlimited times:", forever * 3)

print("none:", Subscribers.Demand.none, Subscribers.Demand.none == .max(0))
print("comparisons:", three < five, five <= five, three >= five, forever > five)
print("with Int:", three == 3, three != 4, five > 4, 6 > five, forever > 1_000_000)
print("max property:", three.max as Any, forever.max as Any, Subscribers.Demand.none.max as Any)

var running = Subscribers.Demand.none
for step in 1...3 {
    running += .max(step)
    print("after adding", step, "->", running)
}
running -= 2
print("after subtracting 2 ->", running)
running *= 2
print("after doubling ->", running)
running += .unlimited
print("after adding unlimited ->", running)
running -= .max(1_000)
print("still ->", running)
print("description:", "\(three)", String(describing: forever), [three, forever])
