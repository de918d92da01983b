// `flag ? 5 : nil` is an `Int?`, and so is `flag ? 5 : optional`: the value from the other
// branch is wrapped, as Swift's type for the whole expression says. `dictionary[key] ?? nil`
// is an Optional too; printed, `b ?? a` of two Optionals is what `b` wraps (Swift makes `a`
// the `Any` that `print` takes).
import Combine

let big = 5 > 3 ? 5 : nil
print(big as Any)
print([1, 2, 3].map { $0 > 1 ? $0 : nil })

let fallback: Int? = nil
let stored: Int? = 4
print(stored ?? fallback, (fallback ?? stored) as Any)
let scores = ["ann": 1]
print((scores["ann"] ?? nil) as Any, (scores["bob"] ?? nil) as Any, scores["bob"] ?? 0)

let flag = true
print((flag ? stored : 7) as Any, (flag ? 7 : stored) as Any, flag ? 1 : 2)

let subject = PassthroughSubject<Int, Never>()
let cancellable = subject
    .map { $0 == 1 ? nil : $0 }
    .sink { print("received", $0 as Any) }
subject.send(1)
subject.send(2)
cancellable.cancel()
