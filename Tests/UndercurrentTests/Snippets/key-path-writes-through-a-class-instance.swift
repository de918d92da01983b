// A key path that reaches a class instance writes through it (a ReferenceWritableKeyPath):
// the instance changes where it is, and the value that holds it is not written, so it may
// be a `let`.
final class Model { var count = 1 }
struct Screen { let model = Model() }

let screen = Screen()
screen[keyPath: \Screen.model.count] = 5
print(screen.model.count)

let counter: ReferenceWritableKeyPath<Screen, Int> = \Screen.model.count
screen[keyPath: counter] += 2
print(screen.model.count)

struct Point { var x = 0, y = 0 }
final class Box { var point = Point() }
struct Holder {
    let box = Box()
    var point = Point() { didSet { print("point set to \(point)") } }
}

var holder = Holder()
holder[keyPath: \Holder.box.point.x] = 4
holder[keyPath: \Holder.point.y] = 7
print(holder.box.point, holder.point)

let box = Box()
box[keyPath: \Box.point.x] = 3
print(box.point)
