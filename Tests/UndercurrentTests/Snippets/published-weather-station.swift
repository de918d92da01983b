import Combine
import Foundation

// A weather-style model: @Published values, a derived publisher, and a subscriber
// that sees the new value while the property still holds the old one.
final class WeatherStation {
    @Published var celsius: Double
    @Published var condition = "clear"
    init(celsius: Double) { self.celsius = celsius }

    var fahrenheit: AnyPublisher<String, Never> {
        $celsius.map { String(format: "%.1f°F", $0 * 9 / 5 + 32) }.eraseToAnyPublisher()
    }
}

let station = WeatherStation(celsius: 18)
var bag = Set<AnyCancellable>()

station.$celsius
    .sink { new in print("celsius \(new) (property still \(station.celsius))") }
    .store(in: &bag)
station.$condition
    .removeDuplicates()
    .map { $0.uppercased() }
    .sink { print("condition:", $0) }
    .store(in: &bag)

station.celsius = 21.5
station.condition = "cloudy"
station.condition = "cloudy"
station.celsius -= 10
print("after updates:", station.celsius, station.condition)

print("cancel everything")
bag.removeAll()
station.celsius = 0
print("no more output, celsius =", station.celsius)

print("derived display on a second station")
let rooftop = WeatherStation(celsius: -40)
let display = rooftop.fahrenheit.sink { print("display:", $0) }
rooftop.celsius = 100
rooftop.celsius = 37
