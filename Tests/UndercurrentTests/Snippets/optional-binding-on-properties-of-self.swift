// `if let` and `while let` on properties of `self`: a plain optional field, one the loop
// empties, a weak one whose object went away, a lazy one, and a struct's.
final class Node {
    let value: Int
    var next: Node?
    init(_ value: Int, next: Node? = nil) { self.value = value; self.next = next }
}

final class Owner {
    var name = "owner"
}

final class Stack {
    private var top: Node?
    weak var owner: Owner?
    lazy var label: String? = "stack"

    func push(_ value: Int) { top = Node(value, next: top) }

    func drain() -> [Int] {
        var popped: [Int] = []
        while let top {
            popped.append(top.value)
            self.top = top.next
        }
        return popped
    }

    func describeOwner() -> String {
        if let owner { return "owned by \(owner.name)" }
        return "no owner"
    }

    func describeLabel() -> String {
        if let label { return "label \(label)" }
        return "no label"
    }
}

let stack = Stack()
for value in 1...4 { stack.push(value) }
print(stack.drain(), stack.drain())
print(stack.describeOwner())
do {
    let owner = Owner()
    stack.owner = owner
    print(stack.describeOwner())
}
print(stack.describeOwner())
print(stack.describeLabel())
stack.label = nil
print(stack.describeLabel())

struct Countdown {
    var remaining: Int?
    mutating func tick() -> String {
        guard let remaining else { return "done" }
        self.remaining = remaining > 1 ? remaining - 1 : nil
        return "\(remaining)"
    }
}
var countdown = Countdown(remaining: 3)
print((1...4).map { _ in countdown.tick() })
