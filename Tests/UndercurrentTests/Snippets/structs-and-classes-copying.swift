import Foundation

// Value types copy on assignment; reference types share one instance.
struct Counter {
    var count = 0
    mutating func increment() { count += 1 }
}

final class SharedCounter {
    var count = 0
    func increment() { count += 1 }
}

var a = Counter()
var b = a
a.increment()
a.increment()
b.increment()
print("struct:", a.count, b.count)

let c = SharedCounter()
let d = c
c.increment()
d.increment()
print("class:", c.count, d.count, c === d)

var structs = [Counter(), Counter()]
var copy = structs
structs[0].increment()
print(structs.map(\.count), copy.map(\.count))
copy.append(Counter(count: 9))
print(structs.count, copy.count)

let objects = [SharedCounter(), SharedCounter()]
let alias = objects
objects[1].increment()
print(objects.map(\.count), alias.map(\.count), objects[1] === alias[1])

func bump(_ counter: Counter) -> Counter {
    var local = counter
    local.increment()
    return local
}
func bumpShared(_ counter: SharedCounter) {
    counter.increment()
}
let original = Counter(count: 10)
let bumped = bump(original)
print(original.count, bumped.count)
bumpShared(c)
print(c.count, d.count)

func bumpInPlace(_ counter: inout Counter) { counter.increment() }
var target = Counter()
bumpInPlace(&target)
bumpInPlace(&target)
print(target.count)

struct Team {
    var name: String
    var members: [String]
    let coach: SharedCounter
}
var red = Team(name: "red", members: ["ann"], coach: SharedCounter())
var blue = red
blue.name = "blue"
blue.members.append("bo")
blue.coach.increment()
print(red.name, red.members, red.coach.count)
print(blue.name, blue.members, blue.coach.count)

var dictionary = ["k": Counter()]
var dictionaryCopy = dictionary
dictionary["k"]?.increment()
print(dictionary["k"]!.count, dictionaryCopy["k"]!.count)
dictionaryCopy["k"] = nil
print(dictionary.count, dictionaryCopy.count)
