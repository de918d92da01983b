// Integer literals divided where a Double is wanted are Doubles: `progress.send(1 / 4)` on a
// subject of Doubles sends 0.25, as Swift types the literals, not a 0 made a Double.
import Combine

let progress = CurrentValueSubject<Double, Never>(1 / 8)
let watching = progress.sink { print("progress", $0) }
progress.send(1 / 4)
progress.send(3 / 4 + 1 / 4)
progress.send(1)

let ratios = PassthroughSubject<Double, Never>()
let shown = ratios.map { $0 * 100 }.sink { print("percent", $0) }
ratios.send(1 / 2)
ratios.send(-3 / 4)

let steps = PassthroughSubject<Int, Never>()
let counted = steps.sink { print("step", $0) }
steps.send(7 / 2)

print(Just<Double>(5 / 2).output, Just(5 / 2).output)
