import Combine
import Foundation

var bag = Set<AnyCancellable>()

// OperationQueue.main runs one operation per turn of the main queue.
OperationQueue.main.addOperation { print("operation a") }
DispatchQueue.main.async { print("main b") }
OperationQueue.main.addOperation { print("operation c") }
OperationQueue.main.addOperation { print("operation d") }
DispatchQueue.main.async { print("main e") }

Just(42)
    .receive(on: OperationQueue.main)
    .sink { print("received on OperationQueue.main:", $0) }
    .store(in: &bag)
Just(7)
    .delay(for: .milliseconds(100), scheduler: OperationQueue.main)
    .sink { print("delayed on OperationQueue.main:", $0) }
    .store(in: &bag)
