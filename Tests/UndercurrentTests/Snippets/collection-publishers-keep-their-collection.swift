import Combine

// A set's, a dictionary's and a string's publisher keep their collection's type: it decides
// how they print and which operators are applied when the chain is built.
var bag: [AnyCancellable] = []
func show<P: Publisher>(_ label: String, _ publisher: P) where P.Failure == Never {
    publisher.collect().sink { print(label, $0) }.store(in: &bag)
}

let letters = "hello".publisher
let odd = Set([3]).publisher
let ages = ["Ada": 36].publisher
print(letters)
print(odd)
print(ages)

// A String is bidirectional and range-replaceable, not random-access.
print(type(of: letters.last()))
print(type(of: letters.count()))
print(type(of: letters.append("!")))
print(type(of: letters.dropFirst(2)))
show("append", letters.append("!"))
show("last", letters.last())
show("count", letters.count())
show("dropFirst", letters.dropFirst(2))
show("removeDuplicates", letters.removeDuplicates())

// A Set or a Dictionary is a collection, not a bidirectional one: last() is an operator.
print(type(of: odd.last()))
print(type(of: odd.count()))
print(type(of: ages.first()))
print(type(of: ages.map { $0.value }))
show("set last", odd.last())
show("set count", odd.count())
show("ages", ages.map { "\($0.key) is \($0.value)" })

// .print() shows each subscription by its collection, as Swift describes it.
_ = letters.dropFirst(3).print("letters").sink { _ in }
_ = odd.append(4).print("odd").sink { _ in }
_ = ages.print("ages").sink { _ in }
print(letters.sequence, odd.sequence, ages.sequence)
