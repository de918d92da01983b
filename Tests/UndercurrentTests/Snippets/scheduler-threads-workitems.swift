import Combine
import Foundation

var bag = Set<AnyCancellable>()
print("script on the main thread:", Thread.isMainThread)

// subscribe(on:) runs the upstream on a global queue; receive(on:) brings values back.
DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
    [1].publisher
        .subscribe(on: DispatchQueue.global())
        .handleEvents(receiveOutput: { print("upstream", $0, "on the main thread:", Thread.isMainThread) })
        .receive(on: DispatchQueue.main)
        .sink { print("sink", $0, "on the main thread:", Thread.isMainThread) }
        .store(in: &bag)
}

// A work item runs unless it is cancelled before its time.
let item = DispatchWorkItem { print("work item on the main thread:", Thread.current.isMainThread) }
DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: item)
let cancelled = DispatchWorkItem { print("never printed") }
DispatchQueue.global().asyncAfter(deadline: .now() + 0.2, execute: cancelled)
cancelled.cancel()
print("cancelled:", cancelled.isCancelled)
DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { print("global block on the main thread:", Thread.isMainThread) }
