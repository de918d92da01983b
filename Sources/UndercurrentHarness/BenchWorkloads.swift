/// One benchmark workload: the same program compiled natively (`native`) and as Swift
/// source for the interpreter (`source`). Both compute the same checksum.
public struct BenchWorkload: Sendable {
    public var name: String
    public var n: Int
    /// What N counts, for the table.
    public var unit: String
    let native: @Sendable (Int) -> Int
    let source: @Sendable (Int) -> String

    public func script() -> String { source(n) }
    public func runNative() -> Int { native(n) }

    /// The four workloads. Each N is chosen so that the native run takes at least 20 ms in a
    /// release build on the development machine: shorter runs are noise on a busy machine.
    /// `scale` multiplies each N (0.1 for a quick run).
    public static func all(scale: Double = 1) -> [BenchWorkload] {
        func scaled(_ n: Int) -> Int { max(10, Int(Double(n) * scale)) }
        return [
            BenchWorkload(
                name: "range.publisher.map.filter.sink", n: scaled(150_000), unit: "values",
                native: NativeWorkloads.pipeline, source: pipelineSource),
            BenchWorkload(
                name: "custom Publisher/Subscription, .max(1)", n: scaled(1_500_000), unit: "values",
                native: NativeWorkloads.customPublisher, source: customPublisherSource),
            BenchWorkload(
                name: "3 PassthroughSubjects → hub.scan", n: scaled(80_000), unit: "sends",
                native: NativeWorkloads.subjectFanIn, source: subjectFanInSource),
            BenchWorkload(
                name: "loops, no Combine (Collatz)", n: scaled(300_000), unit: "starts",
                native: NativeWorkloads.loops, source: loopsSource),
        ]
    }

    static func pipelineSource(_ n: Int) -> String {
        """
        import Combine
        var sum = 0
        let cancellable = (1...\(n)).publisher.map { $0 * 2 }.filter { $0 % 3 == 0 }.sink { sum += $0 }
        cancellable.cancel()
        print(sum)
        """
    }

    static func customPublisherSource(_ n: Int) -> String {
        """
        import Combine
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
            init(from: Int, subscriber: S) { self.next = from; self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                var demand = demand
                while demand > 0, next > 0, let subscriber {
                    demand -= 1
                    demand += subscriber.receive(next)
                    next -= 1
                }
                if next == 0 { subscriber?.receive(completion: .finished); subscriber = nil }
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
        let subscriber = OneAtATime()
        Countdown(from: \(n)).subscribe(subscriber)
        print(subscriber.total)
        """
    }

    static func subjectFanInSource(_ n: Int) -> String {
        """
        import Combine
        let hub = PassthroughSubject<Int, Never>()
        let sources = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>(),
                       PassthroughSubject<Int, Never>()]
        var cancellables: [AnyCancellable] = []
        for source in sources {
            cancellables.append(source.sink { hub.send($0) })
        }
        var total = 0
        cancellables.append(hub.scan(0) { $0 + $1 }.sink { total = $0 })
        for i in 1...\(n) {
            sources[i % 3].send(i)
        }
        cancellables.removeAll()
        print(total)
        """
    }

    static func loopsSource(_ n: Int) -> String {
        """
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
        for i in 1...\(n) {
            let steps = collatz(i)
            counts[steps % 64] += 1
            total += steps
        }
        print(total + counts[7])
        """
    }
}
