import Combine

// assign(to:on:) writes each value through a key path (triggering didSet);
// share() runs the upstream once for all subscribers attached before it starts.
final class Screen {
    var title = "untitled" { didSet { print("title didSet:", title) } }
    var badge = 0
}

let screen = Screen()
let titles = ["Inbox", "Inbox (1)"].publisher.assign(to: \.title, on: screen)
print("screen.title =", screen.title)

let counts = PassthroughSubject<Int, Never>()
var badgeAssignment: AnyCancellable? = counts.assign(to: \.badge, on: screen)
counts.send(3)
print("badge:", screen.badge)
badgeAssignment = nil
counts.send(9)
print("badge after cancelling:", screen.badge)

var factoryRuns = 0
let source = PassthroughSubject<String, Never>()
let shared = Deferred { () -> PassthroughSubject<String, Never> in
    factoryRuns += 1
    print("factory run", factoryRuns)
    return source
}
.share()

var seenByOther = 0
let primary = shared.sink { print("main subscriber got", $0) }
let other = shared.sink { _ in seenByOther += 1 }
source.send("ping")
source.send("pong")
print("factory runs:", factoryRuns, "other saw:", seenByOther)

var justRuns = 0
let sharedJust = Deferred { () -> Just<Int> in justRuns += 1; return Just(justRuns) }.share()
let early = sharedJust.sink { print("early got", $0) }
let lateOne = sharedJust.sink(receiveCompletion: { print("late completion:", $0) },
                              receiveValue: { print("late got", $0) })
print("Just factory runs:", justRuns)
