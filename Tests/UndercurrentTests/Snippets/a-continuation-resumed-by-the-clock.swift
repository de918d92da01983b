import Combine
import Foundation

// A continuation can be resumed by anything that runs later: a scheduled block, a timer, a
// publisher's value. The task waits on the virtual clock until then.
func delayedGreeting(after seconds: Double) async -> String {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
            continuation.resume(returning: "hello after \(seconds) s")
        }
    }
}
print("asking")
print(await delayedGreeting(after: 0.5))

// The first value of a publisher that sends later, awaited.
func firstPrice(of prices: some Publisher<Double, Never>) async -> Double {
    var kept: AnyCancellable?
    let price = await withCheckedContinuation { (continuation: CheckedContinuation<Double, Never>) in
        kept = prices.first().sink { continuation.resume(returning: $0) }
    }
    kept?.cancel()
    return price
}
let prices = PassthroughSubject<Double, Never>()
DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { prices.send(9.5) }
print("first price:", await firstPrice(of: prices))
