import Testing
import UndercurrentSession
import UndercurrentTrace

/// The checker must not cry wolf: everyday pipelines built from Combine's own publishers,
/// operators and subjects (and the project's own, written on OpenCombine's protocols)
/// produce no violation.
@Suite struct ContractCheckerPipelineTests {
    static let pipelines: [String] = [
        "let c = [1, 2, 3].publisher.sink { print($0) }",
        "let c = [1, 2, 3].publisher.eraseToAnyPublisher().map { $0 * 2 }.filter { $0 > 2 }.sink { print($0) }",
        "let c = (1...10).publisher.eraseToAnyPublisher().prefix(3).sink { print($0) }",
        "let c = (1...10).publisher.eraseToAnyPublisher().compactMap { $0 % 2 == 0 ? $0 : nil }.scan(0, +).sink { print($0) }",
        "let c = [1, 1, 2, 2, 3].publisher.eraseToAnyPublisher().removeDuplicates().dropFirst().first().sink { print($0) }",
        "let c = (1...5).publisher.eraseToAnyPublisher().collect().sink { print($0) }",
        "let c = (1...5).publisher.eraseToAnyPublisher().reduce(0, +).sink { print($0) }",
        """
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.map { $0 + 1 }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        subject.send(3)
        """,
        """
        let subject = CurrentValueSubject<Int, Never>(0)
        let a = subject.sink { print("a", $0) }
        var b: AnyCancellable? = subject.sink { print("b", $0) }
        subject.send(1)
        b?.cancel()
        b = nil
        subject.send(2)
        """,
        """
        let c = Just(1).handleEvents(receiveSubscription: { _ in print("sub") }, receiveOutput: { print("out", $0) },
                                     receiveCompletion: { _ in print("done") }, receiveCancel: { print("cancel") },
                                     receiveRequest: { print("request", $0) }).sink { print($0) }
        """,
        """
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.flatMap { Just($0 + 1) }.handleEvents(receiveOutput: { _ in }).filter { $0 > 0 }.prefix(2).sink { print($0) }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        """,
        "let c = [1, 2, 3].publisher.eraseToAnyPublisher().flatMap { [$0, $0 * 10].publisher }.sink { print($0) }",
        "let c = [1, 2, 3].publisher.eraseToAnyPublisher().flatMap(maxPublishers: .max(1)) { Just($0) }.sink { print($0) }",
        "_ = [1, 2, 3].publisher.sink { print($0) }",
        """
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.sink { print($0) }
        c.cancel()
        subject.send(1)
        """,
        """
        struct Oops: Error {}
        let c = Fail<Int, Oops>(error: Oops()).catch { _ in Just(7) }.sink { print($0) }
        let d = Fail<Int, Oops>(error: Oops()).replaceError(with: 0).sink { print($0) }
        let e = Empty<Int, Never>().sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        """,
        """
        let f = Future<Int, Never> { promise in promise(.success(5)) }
        let c = f.sink { print($0) }
        let d = Deferred { Just(6) }.sink { print($0) }
        """,
        """
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let m = a.merge(with: b).sink { print("merge", $0) }
        let z = a.zip(b).sink { print("zip", $0) }
        let l = a.combineLatest(b).sink { print("latest", $0) }
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        b.send(completion: .finished)
        """,
        """
        let c = Just(1).delay(for: .milliseconds(100), scheduler: DispatchQueue.main).sink { print($0) }
        let d = [1, 2].publisher.receive(on: DispatchQueue.main).sink { print($0) }
        """,
        """
        final class OneAtATime: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand { print(input); return input < 3 ? .max(1) : .none }
            func receive(completion: Subscribers.Completion<Never>) { print("done") }
        }
        (1...5).publisher.subscribe(OneAtATime())
        [1, 2, 3, 4].publisher.eraseToAnyPublisher().map { $0 * 2 }.subscribe(OneAtATime())
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(OneAtATime())
        for value in 1...5 { subject.send(value) }
        """,
        """
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.map { $0 * 2 }.share()
        let a = shared.sink { print("a", $0) }
        let b = shared.sink { print("b", $0) }
        subject.send(1)
        """,
        """
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let c = outer.switchToLatest().sink { print($0) }
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)
        """,
        """
        final class Box { var value = 0 }
        let box = Box()
        let c = [1, 2, 3].publisher.assign(to: \\.value, on: box)
        print(box.value)
        """,
        "let c = [1, 2, 3].publisher.eraseToAnyPublisher().trace(\"numbers\").map { $0 + 1 }.trace(\"plus one\").sink { print($0) }",
        """
        struct Oops: Error {}
        var attempts = 0
        let c = Deferred { () -> AnyPublisher<Int, Oops> in
            attempts += 1
            return attempts < 3 ? Fail(error: Oops()).eraseToAnyPublisher() : Just(attempts).setFailureType(to: Oops.self).eraseToAnyPublisher()
        }.retry(3).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        """,
        """
        let c = [1, 2].publisher.append(3, 4).prepend(0).sink { print($0) }
        """,
    ]

    @Test(arguments: pipelines)
    func wellBehavedPipelineHasNoViolation(_ body: String) {
        let run = CheckedRun.run("import Combine\nimport Foundation\n" + body)
        #expect(run.diagnostic == nil)
        #expect(run.calls.count > 0)
        #expect(run.violations.isEmpty, "\(run.violations.map(\.headline))")
    }
}
