import Combine

enum LowLevel: Error { case socketClosed, badBytes(Int) }
enum UserFacing: Error, CustomStringConvertible {
    case network(String)
    var description: String {
        switch self {
        case .network(let reason): return "network problem: \(reason)"
        }
    }
}

let socket = PassthroughSubject<Int, LowLevel>()
let c = socket
    .map { $0 * 10 }
    .mapError { error -> UserFacing in
        switch error {
        case .socketClosed: return .network("closed")
        case .badBytes(let count): return .network("\(count) bad bytes")
        }
    }
    .catch { error -> Just<Int> in
        print("recovering from", error)
        return Just(-1)
    }
    .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value:", $0) })

socket.send(1)
socket.send(2)
socket.send(completion: .failure(.badBytes(3)))
socket.send(4)
