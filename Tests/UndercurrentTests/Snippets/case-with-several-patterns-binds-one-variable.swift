// A `case` with several patterns binds the same variables whichever pattern matches, and
// they hide a variable of the same name outside the `switch`.
enum Event {
    case tap(x: Int, y: Int)
    case drag(x: Int, y: Int)
    case key(String)
}

let x = 99
for event in [Event.tap(x: 1, y: 2), .drag(x: 3, y: 4), .key("q")] {
    switch event {
    case .tap(let x, let y), .drag(let x, let y):
        print("pointer at", x, y)
    case .key(let name):
        print("key", name)
    }
}

let axis = -1
for point in [(1, 0), (0, 5), (2, 2)] {
    switch point {
    case (let axis, 0) where axis > 0, (0, let axis):
        print("on an axis at", axis)
    default:
        print("off the axes, outer axis", axis)
    }
}
