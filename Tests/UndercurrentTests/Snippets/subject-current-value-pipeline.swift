import Combine

let temperature = CurrentValueSubject<Double, Never>(20.5)
let c = temperature
    .map { $0 * 9 / 5 + 32 }
    .removeDuplicates()
    .sink { print("fahrenheit", $0) }
temperature.send(20.5)
temperature.send(25)
temperature.value = 30
print("current", temperature.value)
temperature.send(completion: .finished)
temperature.send(99)
print("still", temperature.value)
