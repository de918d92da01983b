import OpenCombine

/// The benchmark's pipelines compiled into this binary against OpenCombine: the
/// reference each interpreted workload (`BenchWorkload.source`) is compared with. Each
/// returns a checksum that the interpreted script prints too, so the two are known to do
/// the same work and the optimizer cannot drop any of it.
enum NativeWorkloads {
    /// `(1...N).publisher.map{}.filter{}.sink{}`
    static func pipeline(_ n: Int) -> Int {
        var sum = 0
        let cancellable = (1...n).publisher.map { $0 * 2 }.filter { $0 % 3 == 0 }.sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    /// A hand-written publisher whose subscription honours demand, and a subscriber that
    /// asks for one value at a time.
    struct Countdown: Publisher {
        typealias Output = Int
        typealias Failure = Never
        let from: Int
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscriber.receive(subscription: CountdownSubscription(from: from, subscriber: subscriber))
        }
    }

    final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int {
        private var subscriber: S?
        private var next: Int
        init(from: Int, subscriber: S) {
            self.next = from
            self.subscriber = subscriber
        }
        func request(_ demand: Subscribers.Demand) {
            var demand = demand
            while demand > 0, next > 0, let subscriber {
                demand -= 1
                demand += subscriber.receive(next)
                next -= 1
            }
            if next == 0 {
                subscriber?.receive(completion: .finished)
                subscriber = nil
            }
        }
        func cancel() { subscriber = nil }
    }

    final class OneAtATime: Subscriber {
        typealias Input = Int
        typealias Failure = Never
        var total = 0
        func receive(subscription: Subscription) { subscription.request(.max(1)) }
        func receive(_ input: Int) -> Subscribers.Demand {
            total += input
            return .max(1)
        }
        func receive(completion: Subscribers.Completion<Never>) {}
    }

    static func customPublisher(_ n: Int) -> Int {
        let subscriber = OneAtATime()
        Countdown(from: n).subscribe(subscriber)
        return subscriber.total
    }

    /// Three subjects feed one hub subject, which a `scan` sums.
    static func subjectFanIn(_ n: Int) -> Int {
        let hub = PassthroughSubject<Int, Never>()
        let sources = [
            PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>(),
            PassthroughSubject<Int, Never>(),
        ]
        var cancellables: [AnyCancellable] = []
        for source in sources {
            cancellables.append(source.sink { hub.send($0) })
        }
        var total = 0
        cancellables.append(hub.scan(0) { $0 + $1 }.sink { total = $0 })
        for i in 1...n {
            sources[i % 3].send(i)
        }
        cancellables.removeAll()
        return total
    }

    /// A loop-heavy script with no Combine: Collatz step counts and an array.
    static func loops(_ n: Int) -> Int {
        func collatz(_ start: Int) -> Int {
            var value = start
            var steps = 0
            while value != 1 {
                if value % 2 == 0 { value /= 2 } else { value = 3 * value + 1 }
                steps += 1
            }
            return steps
        }
        var counts = Array(repeating: 0, count: 64)
        var total = 0
        for i in 1...n {
            let steps = collatz(i)
            counts[steps % 64] += 1
            total += steps
        }
        return total + counts[7]
    }
}
