import Combine
import Foundation

struct Reading: Codable {
    var sensor: String
    var value: Double
    var unit: String?
}

let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys

// encode(encoder:) turns each value into Data; decode(type:decoder:) turns it back.
let readings = PassthroughSubject<Reading, Never>()
let roundTrip = readings
    .encode(encoder: encoder)
    .handleEvents(receiveOutput: { print("json:", String(data: $0, encoding: .utf8)!) })
    .decode(type: Reading.self, decoder: JSONDecoder())
    .sink(receiveCompletion: { print("round trip:", $0) },
          receiveValue: { print("decoded:", $0) })
readings.send(Reading(sensor: "t1", value: 21.5, unit: "C"))
readings.send(Reading(sensor: "h1", value: 40, unit: nil))
readings.send(completion: .finished)

// A decoding failure ends the stream with .failure(DecodingError…).
let incoming = PassthroughSubject<Data, Never>()
let parsed = incoming
    .decode(type: [Reading].self, decoder: JSONDecoder())
    .print("readings")
    .sink(receiveCompletion: { completion in
        if case .failure(let error) = completion {
            print("failed:", error)
        }
    }, receiveValue: { print("got", $0.count, "readings") })
incoming.send(Data(#"[{"sensor": "a", "value": 1}]"#.utf8))
incoming.send(Data(#"[{"sensor": "b"}]"#.utf8))
incoming.send(Data(#"[]"#.utf8))

// An encoding failure, and recovering from it.
let recovered = Just(Reading(sensor: "bad", value: .infinity, unit: nil))
    .encode(encoder: encoder)
    .map { String(data: $0, encoding: .utf8)! }
    .catch { error -> Just<String> in
        print("caught:", error)
        return Just("fallback")
    }
    .sink { print("value:", $0) }
