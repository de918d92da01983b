import Combine
import Foundation

// A search field: keystrokes arrive in bursts; debounce waits for a pause of 0.3 s.
let typed = PassthroughSubject<String, Never>()
var bag = Set<AnyCancellable>()

typed
    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    .sink { print("search for", $0) }
    .store(in: &bag)

let keystrokes: [(Double, String)] = [(0.0, "S"), (0.1, "Sw"), (0.2, "Swi"), (0.6, "Swif"), (0.7, "Swift")]
for (time, text) in keystrokes {
    DispatchQueue.main.asyncAfter(deadline: .now() + time) {
        print("typed", text)
        typed.send(text)
    }
}
