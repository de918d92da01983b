import Combine

// A Record.Recording filled in first, the Record { recording in … } builder, and record.recording.
struct Boom: Error {}
var recording = Record<Int, Never>.Recording()
recording.receive(1)
recording.receive(2)
recording.receive(completion: .finished)
print(recording.output, recording.completion)
let replay = Record(recording: recording)
let c1 = replay.sink { print("replay", $0) }
let built = Record<String, Boom> { recording in
    recording.receive("a")
    recording.receive(completion: .failure(Boom()))
}
print(built.recording.output, built.recording.completion)
let c2 = built.sink(receiveCompletion: { print("built", $0) }, receiveValue: { print("built", $0) })
let whole = Record<Int, Never>.Recording(output: [7, 8], completion: .finished)
print(whole.output)
let c3 = Record<Int, Never>(recording: whole).collect().sink { print($0) }
let direct = Record<Int, Never>(output: [4], completion: .finished)
print(direct.recording.output)
