import Combine

class Profile: ObservableObject {
    @Published var name = "Ada"
    @Published var score = 0
    var plain = 1

    func rename(_ newName: String) {
        name = newName
    }
}

let profile = Profile()
var changes = 0
let willChange = profile.objectWillChange.sink { _ in
    changes += 1
    print("will change #\(changes): name is still \(profile.name), score \(profile.score)")
}
let names = profile.$name.sink { print("name ->", $0) }
profile.rename("Grace")
profile.score += 10
profile.plain = 2
print("changes:", changes)
willChange.cancel()
profile.score = 99
print("changes after cancel:", changes, "score", profile.score)
