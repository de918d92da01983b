import Combine

class Settings: ObservableObject {
    @Published var volume = 5
    var log: [String] = []
    var mode = "quiet" {
        willSet { log.append("mode will become \(newValue)"); objectWillChange.send() }
        didSet { log.append("mode was \(oldValue)") }
    }
    lazy var summary: String = {
        log.append("computing summary")
        return "volume \(volume), mode \(mode)"
    }()
}

let settings = Settings()
let changes = settings.objectWillChange.sink { print("objectWillChange; volume still", settings.volume) }
settings.mode = "loud"
settings.volume = 11
print(settings.summary)
print(settings.summary)
settings.volume = 3
print(settings.summary)
print(settings.log)
