// A `T!` in an array or dictionary literal is unwrapped where the element type is not an
// Optional, and kept an Optional where it is, or where nothing says.
import Combine

struct Box { let n: Int }
var count: Int! = 3
var box: Box! = Box(n: 1)
var pending: Subscribers.Demand! = .max(2)

let counts: [Int] = [count, 4]
let boxes: [Box] = [box]
let byName: [String: Int] = ["a": count]
let demands: [Subscribers.Demand] = [pending, .unlimited]
let maybe: [Int?] = [count]
let inferred = [count]
print(counts, boxes, byName, demands)
print(maybe, inferred)
