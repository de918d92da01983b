import Foundation
// Fields of `self` read and updated in place: implicitly, through `self.`, from a closure
// that captured `self`, in a subclass, in a struct's mutating method, and where the field
// is observed or computed (which must run their code every time).
class Tally {
    var count = 0
    var label = "tally"
    var observed = 0 {
        didSet { print("  observed \(oldValue) -> \(observed)") }
    }
    var doubled: Int { count * 2 }

    func bump(by step: Int) -> Int {
        count += step
        self.count -= 1
        observed += step
        return count + self.count + doubled
    }

    func later() -> () -> Int {
        return { [self] in
            self.count += 100
            count -= 1
            return self.count
        }
    }

    func weakLater() -> () -> Int {
        return { [weak self] in
            guard let self else { return -1 }
            self.count += 1000
            return count
        }
    }
}

final class LoudTally: Tally {
    var extra = 7
    func both() -> Int {
        extra += count
        count += extra
        return extra * 1000 + count
    }
}

struct Steps {
    var total = 0
    var name = "steps"
    mutating func add(_ n: Int) -> Int {
        total += n
        self.total *= 2
        return total + name.count
    }
}

let tally = Tally()
print(tally.bump(by: 5))
print(tally.bump(by: 3))
let closure = tally.later()
print(closure(), closure(), tally.count)
let weakClosure = tally.weakLater()
print(weakClosure(), tally.count)

let loud = LoudTally()
print(loud.bump(by: 2), loud.both(), loud.both())

var steps = Steps()
print(steps.add(1), steps.add(2), steps.total)

var tallies = [Tally(), LoudTally(), Tally()]
for (index, each) in tallies.enumerated() { print(index, each.bump(by: index + 1)) }
tallies.removeAll()
print(weakClosure())
