// A type's static subscript is used on the type (`Palette[1]`), its instance subscript on a
// value (`Palette()[1]`), even when both take the same arguments.
struct Palette {
    static var names = ["red", "green"]

    static subscript(index: Int) -> String {
        get { names[index] }
        set { names[index] = newValue }
    }

    subscript(index: Int) -> Int { index * 2 }
}

print(Palette[1])
print(Palette()[1])
Palette[0] = "blue"
print(Palette.names)

enum Registry {
    static subscript(key key: String) -> Int { key.count }
}
print(Registry[key: "four"])
