// An enum declared Comparable is ordered by its cases, in the order they are written, then
// by their associated values (SE-0266). A type with its own `<` can bound a range.
enum Priority: Comparable {
    case low
    case medium(Int)
    case high
}
print(Priority.low < .medium(1))
print(Priority.medium(2) < .medium(1))
print([Priority.high, .medium(3), .low, .medium(0)].sorted())
print([Priority.medium(1), .high].max()!)

struct Version: Comparable {
    let major: Int
    static func < (a: Version, b: Version) -> Bool { a.major < b.major }
}
let supported = Version(major: 1)...Version(major: 3)
print(supported.contains(Version(major: 2)))
print(supported.contains(Version(major: 4)))
switch Version(major: 3) {
case supported: print("supported")
default: print("too new")
}
