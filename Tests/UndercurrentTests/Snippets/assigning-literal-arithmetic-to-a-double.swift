// Integer literals divided and assigned to a Double are a Double's arithmetic: `ratio = 1 / 8`
// stores 0.125, whether the variable was written `: Double` or started as `0.0`, a global,
// a local, a property through `self`, an Optional, or an array element appended or added.
var declared: Double = 0
declared = 1 / 4
var inferred = 0.0
inferred = 5 / 2
var maybe: Double? = nil
maybe = 1 / 2
print(declared, inferred, maybe as Any)

final class Gauge {
    var ratio = 0.0
    var level: Double = 1
    func reset() {
        ratio = 1 / 8
        self.level = 3 / 4
    }
}
let gauge = Gauge()
gauge.reset()
print(gauge.ratio, gauge.level)
gauge.ratio = 7 / 2
print(gauge.ratio)

struct Mix { var share = 0.5 }
var mix = Mix()
mix.share = 1 / 3
print(mix.share)

func halves() -> [Double] {
    var local = 0.0
    local = 9 / 2
    var list: [Double] = []
    list.append(1 / 4)
    list.append(local)
    list += [3 / 4]
    return list
}
print(halves())

var count = 0
count = 7 / 2
print(count)
