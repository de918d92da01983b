import Combine

class Thermostat {
    @Published var reading: Int = 0
    @Published var display: String = "--"

    init(source: PassthroughSubject<Int, Never>) {
        source
            .map { "\($0)°" }
            .assign(to: &$display)
        source.assign(to: &$reading)
    }
}

let source = PassthroughSubject<Int, Never>()
let thermostat = Thermostat(source: source)
let watcher = thermostat.$display.sink { print("display:", $0) }
source.send(21)
source.send(23)
print(thermostat.reading, thermostat.display)
