import Combine

// A value given where a stream of optionals expects its Output is promoted to an Optional,
// as Swift promotes it: `replaceEmpty(with: "-r-")` on a `String?` stream sends
// `Optional("-r-")`; so do `replaceError(with:)`, `prepend` and `append`.
let a = Empty<String?, Never>().replaceEmpty(with: "-r-").sink { print($0 as Any) }
let s = PassthroughSubject<String?, Never>()
let b = s.sink { print($0 as Any) }
s.send("x")
s.send(nil)
let cv = CurrentValueSubject<Int?, Never>(3)
let c = cv.sink { print($0 as Any) }
let d = [Optional(1), nil].publisher.prepend(0).append(9).sink { print($0 as Any) }
struct E: Error {}
let e = Fail<String?, E>(error: E()).replaceError(with: "fallback").sink { print($0 as Any) }
let f = Just<Int?>(nil).replaceEmpty(with: 4).sink { print($0 as Any) }
let h = PassthroughSubject<Int?, Never>()
let i = h.prepend(1, nil).append(2).sink { print($0 as Any) }
h.send(5)
h.send(completion: .finished)
