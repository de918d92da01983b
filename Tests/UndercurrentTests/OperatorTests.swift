import Testing

/// Every operator of the common set, run through the interpreter: each snippet's expected
/// output is what the same code printed compiled natively against OpenCombine
/// (`scripts/oracle`), pasted in unchanged.
@Suite struct OperatorTests {
    /// reduce, and tryReduce failing with the thrown error; reduce on a sequence is built at once.
    @Test func reduceAndTryReduce() {
        expectOracleOutput(
            #"""
            import Combine
            enum Problem: Error { case tooBig(Int) }
            let numbers = PassthroughSubject<Int, Never>()
            let sum = numbers.reduce(0, +).sink { print("sum", $0) }
            let checked = PassthroughSubject<Int, Never>()
            let checkedSum = checked
                .tryReduce(0) { total, next in
                    if next > 10 { throw Problem.tooBig(next) }
                    return total + next
                }
                .sink(receiveCompletion: { print("checked:", $0) }, receiveValue: { print("checked sum", $0) })
            for n in [1, 2, 3] { numbers.send(n); checked.send(n * 5) }
            numbers.send(completion: .finished)
            checked.send(completion: .finished)
            let fused = [1, 2, 3].publisher.reduce(10) { $0 * $1 }.sink { print("product", $0) }
            """#,
            #"""
            checked: failure(main.Problem.tooBig(15))
            sum 6
            product 60

            """#)
    }

    /// tryScan stops at a throw; on Just it is fused into a Result publisher (`Once`).
    @Test func tryScan() {
        expectOracleOutput(
            #"""
            import Combine
            struct Overflow: Error {}
            let c = [1, 2, 3, 4].publisher
                .tryScan(0) { total, next in
                    guard total + next < 6 else { throw Overflow() }
                    return total + next
                }
                .sink(receiveCompletion: { print($0) }, receiveValue: { print("running", $0) })
            let j = Just(5).tryScan(1, +).print("just").sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            """#,
            #"""
            running 1
            running 3
            failure(main.Overflow())
            just: receive subscription: (Once)
            just: request unlimited
            just: receive value: (6)
            just: request max: (0) (synchronous)
            just: receive finished

            """#)
    }

    /// collect(), collect(_:) in batches, count(); a bounded range counts at build time (`Just`).
    @Test func collectAndCount() {
        expectOracleOutput(
            #"""
            import Combine
            let letters = PassthroughSubject<String, Never>()
            let all = letters.collect().sink { print("all", $0) }
            let more = PassthroughSubject<String, Never>()
            let pairs = more.collect(2).sink { print("pair", $0) }
            let counting = PassthroughSubject<String, Never>()
            let count = counting.count().sink { print("count", $0) }
            for letter in ["a", "b", "c"] { letters.send(letter); more.send(letter); counting.send(letter) }
            letters.send(completion: .finished)
            more.send(completion: .finished)
            counting.send(completion: .finished)
            let fused = (1...4).publisher.count().print("range count").sink { _ in }
            """#,
            #"""
            pair ["a", "b"]
            all ["a", "b", "c"]
            pair ["c"]
            count 3
            range count: receive subscription: (Just)
            range count: request unlimited
            range count: receive value: (4)
            range count: request max: (0) (synchronous)
            range count: receive finished

            """#)
    }

    /// min/max with and without `by:`, on script structs and strings; fused on a sequence.
    @Test func minMax() {
        expectOracleOutput(
            #"""
            import Combine
            struct Score { let name: String; let points: Int }
            let scores = [Score(name: "ann", points: 3), Score(name: "bob", points: 9), Score(name: "cy", points: 5)]
            let low = scores.publisher.min { $0.points < $1.points }.sink { print("lowest", $0.name) }
            let high = scores.publisher.max { $0.points < $1.points }.sink { print("highest", $0.name) }
            let words = PassthroughSubject<String, Never>()
            let first = words.min().sink { print("min", $0) }
            let later = PassthroughSubject<String, Never>()
            let last = later.max().sink { print("max", $0) }
            for word in ["pear", "apple", "fig"] { words.send(word); later.send(word) }
            words.send(completion: .finished)
            later.send(completion: .finished)
            let printed = [4, 8, 2].publisher.max().print("fused").sink { _ in }
            """#,
            #"""
            lowest ann
            highest bob
            min apple
            max pear
            fused: receive subscription: (Optional)
            fused: request unlimited
            fused: receive value: (8)
            fused: request max: (0) (synchronous)
            fused: receive finished

            """#)
    }

    /// contains(_:), contains(where:), allSatisfy, tryAllSatisfy; fused on Just.
    @Test func containsAndAllSatisfy() {
        expectOracleOutput(
            #"""
            import Combine
            enum Bad: Error { case negative }
            let a = PassthroughSubject<Int, Never>()
            let hasThree = a.contains(3).sink { print("contains 3:", $0) }
            let b = PassthroughSubject<Int, Never>()
            let hasBig = b.contains { $0 > 100 }.sink { print("has big:", $0) }
            let c = PassthroughSubject<Int, Never>()
            let allSmall = c.allSatisfy { $0 < 10 }.sink { print("all small:", $0) }
            let d = PassthroughSubject<Int, Never>()
            let tryAll = d.tryAllSatisfy { n in
                if n < 0 { throw Bad.negative }
                return n < 10
            }.sink(receiveCompletion: { print("tryAll:", $0) }, receiveValue: { print("tryAll value:", $0) })
            for n in [1, 3, -2] { a.send(n); b.send(n); c.send(n); d.send(n) }
            a.send(completion: .finished); b.send(completion: .finished); c.send(completion: .finished)
            let fused = Just(7).contains(7).print("just").sink { _ in }
            """#,
            #"""
            contains 3: true
            tryAll: failure(main.Bad.negative)
            has big: false
            all small: true
            just: receive subscription: (Just)
            just: request unlimited
            just: receive value: (true)
            just: request max: (0) (synchronous)
            just: receive finished

            """#)
    }

    /// ignoreOutput and last; a range's last() is an Optional publisher, a sequence's ignoreOutput() an Empty.
    @Test func ignoreOutputAndLast() {
        expectOracleOutput(
            #"""
            import Combine
            let events = PassthroughSubject<String, Never>()
            let done = events.ignoreOutput().sink(receiveCompletion: { print("ignored all, then", $0) }, receiveValue: { print("never", $0) })
            let more = PassthroughSubject<String, Never>()
            let last = more.last().sink { print("last", $0) }
            for e in ["x", "y"] { events.send(e); more.send(e) }
            events.send(completion: .finished)
            more.send(completion: .finished)
            let range = (1...5).publisher.last().print("range last").sink { _ in }
            let empty = [1, 2].publisher.ignoreOutput().print("fused ignore").sink { _ in }
            """#,
            #"""
            ignored all, then finished
            last y
            range last: receive subscription: (Optional)
            range last: request unlimited
            range last: receive value: (5)
            range last: request max: (0) (synchronous)
            range last: receive finished
            fused ignore: receive subscription: (Empty)
            fused ignore: request unlimited
            fused ignore: receive finished

            """#)
    }

    /// tryFilter and tryCompactMap fail with the thrown error.
    @Test func tryFilterAndTryCompactMap() {
        expectOracleOutput(
            #"""
            import Combine
            enum InputError: Error { case empty }
            let c1 = ["a", "bb", "", "ccc"].publisher
                .tryFilter { text in
                    if text.isEmpty { throw InputError.empty }
                    return text.count > 1
                }
                .sink(receiveCompletion: { print("filter:", $0) }, receiveValue: { print("kept", $0) })
            let c2 = ["1", "x", "3"].publisher
                .tryCompactMap { text -> Int? in
                    if text == "3" { throw InputError.empty }
                    return Int(text)
                }
                .sink(receiveCompletion: { print("compactMap:", $0) }, receiveValue: { print("number", $0) })
            """#,
            #"""
            kept bb
            filter: failure(main.InputError.empty)
            number 1
            compactMap: failure(main.InputError.empty)

            """#)
    }

    /// tryDrop(while:), tryPrefix(while:), tryFirst(where:), tryLast(where:), tryRemoveDuplicates(by:).
    @Test func tryFilteringVariants() {
        expectOracleOutput(
            #"""
            import Combine
            struct Stop: Error {}
            let c1 = [1, 2, 5, 1].publisher.tryDrop { $0 < 2 }.sink(receiveCompletion: { print("drop:", $0) }, receiveValue: { print("drop", $0) })
            let c2 = [1, 2, 5, 1].publisher.tryPrefix { $0 < 5 }.sink(receiveCompletion: { print("prefix:", $0) }, receiveValue: { print("prefix", $0) })
            let c3 = [1, 2, 5, 1].publisher.tryFirst { n in
                if n == 5 { throw Stop() }
                return n > 1
            }.sink(receiveCompletion: { print("first:", $0) }, receiveValue: { print("first", $0) })
            let c4 = [1, 2, 5, 1].publisher.tryLast { $0 < 3 }.sink(receiveCompletion: { print("last:", $0) }, receiveValue: { print("last", $0) })
            let c5 = [1, 1, 2, 2, 3].publisher.tryRemoveDuplicates { a, b in
                if b == 3 { throw Stop() }
                return a == b
            }.sink(receiveCompletion: { print("dedupe:", $0) }, receiveValue: { print("dedupe", $0) })
            """#,
            #"""
            drop 2
            drop 5
            drop 1
            drop: finished
            prefix 1
            prefix 2
            prefix: finished
            first 2
            first: finished
            last 1
            last: finished
            dedupe 1
            dedupe 2
            dedupe: failure(main.Stop())

            """#)
    }

    /// drop(untilOutputFrom:) and prefix(untilOutputFrom:).
    @Test func untilOutputFrom() {
        expectOracleOutput(
            #"""
            import Combine
            let start = PassthroughSubject<Void, Never>()
            let stop = PassthroughSubject<Void, Never>()
            let ticks = PassthroughSubject<Int, Never>()
            let other = PassthroughSubject<Int, Never>()
            let c1 = ticks.drop(untilOutputFrom: start).sink { print("after start", $0) }
            let c2 = other.prefix(untilOutputFrom: stop).sink(receiveCompletion: { print("prefix", $0) }, receiveValue: { print("before stop", $0) })
            ticks.send(1); other.send(1)
            start.send(()); stop.send(())
            ticks.send(2); other.send(2)
            """#,
            #"""
            before stop 1
            prefix finished
            after start 2

            """#)
    }

    /// replaceNil, replaceEmpty, replaceError; replaceEmpty on Just is Just itself.
    @Test func replacing() {
        expectOracleOutput(
            #"""
            import Combine
            enum Failure: Error { case offline }
            let maybe = PassthroughSubject<String?, Never>()
            let c1 = maybe.replaceNil(with: "(none)").sink { print("name", $0) }
            maybe.send("ann"); maybe.send(nil)
            let nothing = PassthroughSubject<Int, Never>()
            let c2 = nothing.replaceEmpty(with: 0).sink { print("empty became", $0) }
            nothing.send(completion: .finished)
            let broken = PassthroughSubject<Int, Failure>()
            let c3 = broken.replaceError(with: -1).sink(receiveCompletion: { print("replaced:", $0) }, receiveValue: { print("value", $0) })
            broken.send(4)
            broken.send(completion: .failure(.offline))
            let c4 = Just(1).replaceEmpty(with: 2).print("just").sink { _ in }
            """#,
            #"""
            name ann
            name (none)
            empty became 0
            value 4
            value -1
            replaced: finished
            just: receive subscription: (Just)
            just: request unlimited
            just: receive value: (1)
            just: request max: (0) (synchronous)
            just: receive finished

            """#)
    }

    /// append/prepend of values, sequences, ranges and publishers; sequences join at build time, ranges do not.
    @Test func appendPrepend() {
        expectOracleOutput(
            #"""
            import Combine
            let live = PassthroughSubject<Int, Never>()
            let c1 = live.prepend(0).append(98, 99).sink(receiveCompletion: { print("done", $0) }, receiveValue: { print("value", $0) })
            live.send(1)
            live.send(completion: .finished)
            let c2 = [3, 4].publisher.prepend([1, 2]).append(5...6).sink { print("joined", $0) }
            let c3 = Just("middle").prepend(Just("first")).append(["last"].publisher).sink { print($0) }
            let c4 = [1, 2].publisher.append(3, 4).print("fused").sink { _ in }
            let c5 = (1...2).publisher.append(3).print("range").sink { _ in }
            """#,
            #"""
            value 0
            value 1
            value 98
            value 99
            done finished
            joined 1
            joined 2
            joined 3
            joined 4
            joined 5
            joined 6
            first
            middle
            last
            fused: receive subscription: ([1, 2, 3, 4])
            fused: request unlimited
            fused: receive value: (1)
            fused: request max: (0) (synchronous)
            fused: receive value: (2)
            fused: request max: (0) (synchronous)
            fused: receive value: (3)
            fused: request max: (0) (synchronous)
            fused: receive value: (4)
            fused: request max: (0) (synchronous)
            fused: receive finished
            range: receive subscription: (Concatenate)
            range: request unlimited
            range: receive value: (1)
            range: request max: (0) (synchronous)
            range: receive value: (2)
            range: request max: (0) (synchronous)
            range: receive value: (3)
            range: request max: (0) (synchronous)
            range: receive finished

            """#)
    }

    /// flatMap over inner sequences, and flatMap(maxPublishers:).
    @Test func flatMapBasics() {
        expectOracleOutput(
            #"""
            import Combine
            struct Post { let id: Int; let comments: [String] }
            let posts = [Post(id: 1, comments: ["nice", "+1"]), Post(id: 2, comments: []), Post(id: 3, comments: ["?"])]
            let c1 = posts.publisher
                .flatMap { $0.comments.publisher }
                .sink { print("comment", $0) }
            let ids = PassthroughSubject<Int, Never>()
            let c2 = ids
                .flatMap(maxPublishers: .max(2)) { id -> AnyPublisher<String, Never> in
                    print("start", id)
                    return Just("user \(id)").eraseToAnyPublisher()
                }
                .sink { print($0) }
            ids.send(1); ids.send(2); ids.send(3)
            let c3 = Just(1).flatMap { Just($0 * 10) }.print("just").sink { _ in }
            """#,
            #"""
            comment nice
            comment +1
            comment ?
            start 1
            user 1
            start 2
            user 2
            start 3
            user 3
            just: receive subscription: (FlatMap)
            just: request unlimited
            just: receive value: (10)
            just: request max: (0) (synchronous)
            just: receive finished

            """#)
    }

    /// an inner failure ends flatMap; replaceError inside keeps it going.
    @Test func flatMapFailures() {
        expectOracleOutput(
            #"""
            import Combine
            enum LoadError: Error { case missing(Int) }
            func load(_ id: Int) -> AnyPublisher<String, LoadError> {
                id == 2 ? Fail(error: .missing(id)).eraseToAnyPublisher()
                        : Just("item \(id)").setFailureType(to: LoadError.self).eraseToAnyPublisher()
            }
            let c1 = [1, 2, 3].publisher
                .flatMap { load($0) }
                .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print($0) })
            let c2 = [1, 2, 3].publisher
                .flatMap { id in load(id).replaceError(with: "placeholder \(id)") }
                .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print($0) })
            """#,
            #"""
            item 1
            completion: failure(main.LoadError.missing(2))
            item 1
            placeholder 2
            item 3
            completion: finished

            """#)
    }

    /// switchToLatest drops values from the publisher it switched away from.
    @Test func switchToLatest() {
        expectOracleOutput(
            #"""
            import Combine
            let queries = PassthroughSubject<String, Never>()
            var searches: [String: PassthroughSubject<String, Never>] = [:]
            let c = queries
                .map { query -> PassthroughSubject<String, Never> in
                    let results = PassthroughSubject<String, Never>()
                    searches[query] = results
                    return results
                }
                .switchToLatest()
                .sink { print("result", $0) }
            queries.send("sw")
            searches["sw"]?.send("swim")
            queries.send("swi")
            searches["sw"]?.send("swap (stale)")
            searches["swi"]?.send("swift")
            """#,
            #"""
            result swim
            result swift

            """#)
    }

    /// buffer with .dropOldest/.byRequest and .dropNewest/.keepFull, under a slow subscriber.
    @Test func bufferStrategies() {
        expectOracleOutput(
            #"""
            import Combine
            final class Slow: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                let name: String
                var subscription: Subscription?
                init(_ name: String) { self.name = name }
                func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(1)) }
                func receive(_ input: Int) -> Subscribers.Demand { print(name, "got", input); return .none }
                func receive(completion: Subscribers.Completion<Never>) { print(name, "done") }
            }
            let fast = PassthroughSubject<Int, Never>()
            let oldest = Slow("dropOldest")
            fast.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(oldest)
            for n in 1...5 { fast.send(n) }
            oldest.subscription?.request(.max(5))
            let other = PassthroughSubject<Int, Never>()
            let newest = Slow("dropNewest")
            other.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(newest)
            for n in 1...5 { other.send(n) }
            newest.subscription?.request(.max(5))
            """#,
            #"""
            dropOldest got 1
            dropOldest got 4
            dropOldest got 5
            dropNewest got 1
            dropNewest got 2
            dropNewest got 3

            """#)
    }

    /// share() subscribes upstream once.
    @Test func shareOnce() {
        expectOracleOutput(
            #"""
            import Combine
            var starts = 0
            let work = Deferred { () -> Just<String> in
                starts += 1
                print("work starts")
                return Just("result")
            }
            let shared = PassthroughSubject<Int, Never>()
            let source = shared.map { n -> Int in print("map runs for", n); return n * 2 }.share()
            let a = source.sink { print("a", $0) }
            shared.send(1)
            let b = work.share().sink { print("b", $0) }
            print("starts:", starts)
            """#,
            #"""
            map runs for 1
            a 2
            work starts
            b result
            starts: 1

            """#)
    }

    /// multicast(subject:) waits for connect(); multicast(_:) with autoconnect(); makeConnectable().
    @Test func multicastAndConnect() {
        expectOracleOutput(
            #"""
            import Combine
            let upstream = ["x", "y"].publisher.print("upstream")
            let multicast = upstream.multicast(subject: PassthroughSubject<String, Never>())
            let first = multicast.sink { print("first", $0) }
            print("nothing yet")
            let connection = multicast.connect()
            let auto = [1, 2].publisher
                .multicast { PassthroughSubject<Int, Never>() }
                .autoconnect()
                .sink { print("auto", $0) }
            let trigger = PassthroughSubject<Int, Never>()
            let connectable = trigger.makeConnectable()
            let c = connectable.sink { print("connected", $0) }
            trigger.send(1)
            let connection2 = connectable.connect()
            trigger.send(2)
            """#,
            #"""
            nothing yet
            upstream: receive subscription: (["x", "y"])
            upstream: request unlimited
            upstream: receive value: (x)
            first x
            upstream: request max: (0) (synchronous)
            upstream: receive value: (y)
            first y
            upstream: request max: (0) (synchronous)
            upstream: receive finished
            auto 1
            auto 2
            connected 2

            """#)
    }

    /// Record(output:completion:) replays to every subscriber; the recording closure form.
    @Test func record() {
        expectOracleOutput(
            #"""
            import Combine
            enum Oops: Error { case broke }
            let tape = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
            let c1 = tape.sink(receiveCompletion: { print("tape:", $0) }, receiveValue: { print("tape", $0) })
            let c2 = tape.collect().sink { print("again", $0) }
            let recorded = Record<String, Oops> { recording in
                recording.receive("hello")
                recording.receive(completion: .failure(.broke))
            }
            let c3 = recorded.sink(receiveCompletion: { print("recorded:", $0) }, receiveValue: { print("recorded", $0) })
            """#,
            #"""
            tape 1
            tape 2
            tape 3
            tape: finished
            again [1, 2, 3]
            recorded hello
            recorded: failure(main.Oops.broke)

            """#)
    }

    /// zip pairs in order, with and without a transform; Publishers.Zip3 and Publishers.Zip.
    @Test func zipping() {
        expectOracleOutput(
            #"""
            import Combine
            let names = PassthroughSubject<String, Never>()
            let ages = PassthroughSubject<Int, Never>()
            let c1 = names.zip(ages).sink { print("pair", $0, $1) }
            names.send("ann"); names.send("bob"); ages.send(30); ages.send(40); ages.send(50)
            let c2 = [1, 2, 3].publisher.zip(["a", "b"].publisher) { "\($0)\($1)" }.sink { print("joined", $0) }
            let c3 = Publishers.Zip3([1, 2].publisher, [true, false].publisher, ["x", "y"].publisher).sink { print("triple", $0) }
            let c4 = Publishers.Zip(Just(1), Just(2)).print("zip").sink { _ in }
            """#,
            #"""
            pair ann 30
            pair bob 40
            joined 1a
            joined 2b
            triple (1, true, "x")
            triple (2, false, "y")
            zip: receive subscription: (Zip)
            zip: request unlimited
            zip: receive value: ((1, 2))
            zip: request max: (0) (synchronous)
            zip: receive finished

            """#)
    }

    /// A zip whose subscriber keeps no subscription keeps working while its upstreams can
    /// send (OpenCombine's own zip traps the process here, compiled or not: its children
    /// hold it `unowned`), and goes away when they finish.
    @Test func aZipWhoseSubscriberKeepsNoSubscriptionKeepsWorking() {
        let result = runScript(
            """
            import Combine
            let web = PassthroughSubject<String, Never>()
            let database = PassthroughSubject<String, Never>()
            final class Printer: Subscriber {
                typealias Input = (String, String)
                typealias Failure = Never
                func receive(subscription: Subscription) { subscription.request(.unlimited) }
                func receive(_ input: (String, String)) -> Subscribers.Demand { print("pair", input.0, input.1); return .none }
                func receive(completion: Subscribers.Completion<Never>) { print("the end") }
                deinit { print("printer gone") }
            }
            web.zip(database).subscribe(Printer())
            web.send("a")
            database.send("1")
            web.send(completion: .finished)
            database.send(completion: .finished)
            print("after")
            """)
        #expect(result.error == nil)
        #expect(result.output == "pair a 1\nthe end\nprinter gone\nafter\n")
    }

    /// retry resubscribes up to its count; Just.retry is Just itself.
    @Test func retryCounts() {
        expectOracleOutput(
            #"""
            import Combine
            struct Flaky: Error {}
            var attempts = 0
            let request = Deferred { () -> AnyPublisher<String, Flaky> in
                attempts += 1
                print("attempt", attempts)
                return attempts < 3 ? Fail(error: Flaky()).eraseToAnyPublisher()
                                    : Just("ok").setFailureType(to: Flaky.self).eraseToAnyPublisher()
            }
            let c1 = request.retry(2).sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value", $0) })
            attempts = 0
            let c2 = request.retry(1).sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value", $0) })
            let c3 = Just(1).retry(3).print("just").sink { _ in }
            """#,
            #"""
            attempt 1
            attempt 2
            attempt 3
            value ok
            completion: finished
            attempt 1
            attempt 2
            completion: failure(main.Flaky())
            just: receive subscription: (Just)
            just: request unlimited
            just: receive value: (1)
            just: request max: (0) (synchronous)
            just: receive finished

            """#)
    }

    /// catch replaces a failure with another publisher; tryCatch can rethrow.
    @Test func catchAndTryCatch() {
        expectOracleOutput(
            #"""
            import Combine
            enum NetworkError: Error { case timeout, offline }
            let remote = PassthroughSubject<String, NetworkError>()
            let c1 = remote
                .catch { error -> Just<String> in
                    print("caught", error)
                    return Just("cached")
                }
                .sink(receiveCompletion: { print("catch:", $0) }, receiveValue: { print("catch value", $0) })
            remote.send("fresh")
            remote.send(completion: .failure(.timeout))
            let other = PassthroughSubject<String, NetworkError>()
            let c2 = other
                .tryCatch { error -> AnyPublisher<String, NetworkError> in
                    if case .offline = error { throw error }
                    return Just("retrying").setFailureType(to: NetworkError.self).eraseToAnyPublisher()
                }
                .sink(receiveCompletion: { print("tryCatch:", $0) }, receiveValue: { print("tryCatch value", $0) })
            other.send(completion: .failure(.offline))
            """#,
            #"""
            catch value fresh
            caught timeout
            catch value cached
            catch: finished
            tryCatch: failure(main.NetworkError.offline)

            """#)
    }

    /// assertNoFailure passes values through; Publishers.Sequence/Concatenate initializers; scan(0, +).
    @Test func assertNoFailureAndConstructors() {
        expectOracleOutput(
            #"""
            import Combine
            let safe = [1, 2].publisher.assertNoFailure().sink { print("safe", $0) }
            let seq = Publishers.Sequence<[Int], Never>(sequence: [7, 8]).sink { print("sequence", $0) }
            let joined = Publishers.Concatenate(prefix: Just(1), suffix: Just(2)).sink { print("concatenated", $0) }
            let total = [1, 2, 3].publisher.scan(0, +).sink { print("running", $0) }
            """#,
            #"""
            safe 1
            safe 2
            sequence 7
            sequence 8
            concatenated 1
            concatenated 2
            running 1
            running 3
            running 6

            """#)
    }

    /// OpenCombine builds some operators at once on a sequence, Just, Optional or Result
    /// publisher; the subscription each chain hands down shows which publisher it became.
    @Test func buildTimeFusionMatchesCompiledCode() {
        expectOracleOutput(
            #"""
            import Combine
            enum Problem: Error { case bad }
            func name<P: Publisher>(_ label: String, _ publisher: P) {
                _ = publisher
                    .handleEvents(receiveSubscription: { print(label, $0) })
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
            name("sequence reduce", [1, 2].publisher.reduce(0, +))
            name("sequence collect", [1, 2].publisher.collect())
            name("sequence count", [1, 2].publisher.count())
            name("range count", (1...3).publisher.count())
            name("sequence min", [2, 1].publisher.min())
            name("sequence contains", [1, 2].publisher.contains(2))
            name("sequence ignoreOutput", [1, 2].publisher.ignoreOutput())
            name("sequence append", [1, 2].publisher.append(3))
            name("sequence append publisher", [1].publisher.append([2].publisher))
            name("sequence first", [1, 2].publisher.first())
            name("range last", (1...3).publisher.last())
            name("sequence dropFirst count", [1, 2].publisher.dropFirst().count())
            name("just count", Just(1).count())
            name("just collect", Just(1).collect())
            name("just tryReduce", Just(1).tryReduce(0) { _, _ in throw Problem.bad })
            name("just retry", Just(1).retry(2))
            name("just append", Just(1).append(2))
            name("just filter-like first(where:)", Just(1).first(where: { $0 > 1 }))
            name("optional count", Optional(1).publisher.count())
            name("optional replaceEmpty", Optional<Int>(nil).publisher.replaceEmpty(with: 0))
            name("result replaceError", Result<Int, Problem>.failure(.bad).publisher.replaceError(with: 0))
            name("subject reduce", PassthroughSubject<Int, Never>().reduce(0, +))
            """#,
            #"""
            sequence reduce Once
            sequence collect Once
            sequence count Just
            range count Just
            sequence min Optional
            sequence contains Once
            sequence ignoreOutput Empty
            sequence append [1, 2, 3]
            sequence append publisher [1, 2]
            sequence first Optional
            range last Optional
            sequence dropFirst count Count
            just count Just
            just collect Just
            just tryReduce Empty
            just retry Just
            just append [1, 2]
            just filter-like first(where:) Empty
            optional count Optional
            optional replaceEmpty Just
            result replaceError Once
            subject reduce Reduce

            """#)
    }

    /// map, filter, compactMap, prefix, dropFirst, scan, tryMap, removeDuplicates and mapError
    /// on Just, Optional and Result publishers are built at once too.
    @Test func transformingOperatorsFuseOnJustOptionalAndResult() {
        expectOracleOutput(
            #"""
            import Combine
            enum Problem: Error { case bad }
            func name<P: Publisher>(_ label: String, _ publisher: P) {
                _ = publisher
                    .handleEvents(receiveSubscription: { print(label, $0) })
                    .sink(receiveCompletion: { print(label, $0) }, receiveValue: { print(label, "value", $0) })
            }
            name("just map", Just(1).map { $0 + 1 })
            name("just filter", Just(1).filter { $0 > 1 })
            name("just compactMap", Just("x").compactMap { Int($0) })
            name("just prefix", Just(1).prefix(1))
            name("just dropFirst", Just(1).dropFirst())
            name("just scan", Just(1).scan(10, +))
            name("just tryMap", Just(1).tryMap { _ -> Int in throw Problem.bad })
            name("just removeDuplicates", Just(1).removeDuplicates())
            name("just mapError", Just(1).mapError { _ in Problem.bad })
            name("optional map", Optional(2).publisher.map { $0 * 3 })
            name("optional filter", Optional(2).publisher.filter { $0 > 3 })
            name("optional dropFirst", Optional(2).publisher.dropFirst(0))
            name("result map", Result<Int, Problem>.success(4).publisher.map { $0 + 1 })
            name("result mapError", Result<Int, Problem>.failure(.bad).publisher.mapError { _ in Problem.bad })
            name("result tryMap", Result<Int, Problem>.success(4).publisher.tryMap { $0 * 2 })
            name("result removeDuplicates", Result<Int, Problem>.success(4).publisher.removeDuplicates())
            name("just map filter", Just(5).map { $0 * 2 }.filter { $0 > 3 }.map { $0 + 1 })
            """#,
            #"""
            just map Just
            just map value 2
            just map finished
            just filter Empty
            just filter finished
            just compactMap Empty
            just compactMap finished
            just prefix Optional
            just prefix value 1
            just prefix finished
            just dropFirst Empty
            just dropFirst finished
            just scan Once
            just scan value 11
            just scan finished
            just tryMap Empty
            just tryMap failure(main.Problem.bad)
            just removeDuplicates Just
            just removeDuplicates value 1
            just removeDuplicates finished
            just mapError Once
            just mapError value 1
            just mapError finished
            optional map Optional
            optional map value 6
            optional map finished
            optional filter Empty
            optional filter finished
            optional dropFirst Optional
            optional dropFirst value 2
            optional dropFirst finished
            result map Once
            result map value 5
            result map finished
            result mapError Empty
            result mapError failure(main.Problem.bad)
            result tryMap Once
            result tryMap value 8
            result tryMap finished
            result removeDuplicates Once
            result removeDuplicates value 4
            result removeDuplicates finished
            just map filter Optional
            just map filter value 11
            just map filter finished

            """#)
    }

    /// A bounded range publishes like Swift's ranges: random-access (`count()` is a `Just`),
    /// indexed by its own integers when half-open, not range-replaceable (`append` subscribes).
    @Test func rangesFuseAsSwiftRangesDo() {
        expectOracleOutput(
            #"""
            import Combine
            func name<P: Publisher>(_ label: String, _ publisher: P) {
                _ = publisher
                    .handleEvents(receiveSubscription: { print(label, $0) })
                    .sink(receiveCompletion: { _ in }, receiveValue: { print(label, "value", $0) })
            }
            name("closed count", (1...3).publisher.count())
            name("half-open last", (1..<3).publisher.last())
            name("closed output", (1...4).publisher.output(at: 2))
            name("half-open output", (1..<4).publisher.output(at: 2))
            name("array output", [5, 6].publisher.output(at: 1))
            name("closed append", (1...2).publisher.append(3))
            """#,
            #"""
            closed count Just
            closed count value 3
            half-open last Optional
            half-open last value 2
            closed output Output
            closed output value 3
            half-open output Optional
            half-open output value 2
            array output Optional
            array output value 6
            closed append Concatenate
            closed append value 1
            closed append value 2
            closed append value 3

            """#)
    }

    // MARK: - Mistakes that stop a compiled program are script errors here

    func expectError(_ source: String, contains message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectScriptError("import Combine\n" + source, containing: message, sourceLocation: sourceLocation)
    }

    @Test func countsThatWouldRequestNothingAreRefused() {
        expectError(
            "let c = [1].publisher.collect(0).sink { _ in }", contains: "collect(_:) needs a count of at least 1")
        expectError(
            "let c = [1].publisher.flatMap(maxPublishers: .none) { Just($0) }.sink { _ in }",
            contains: "maxPublishers must be at least .max(1)")
        expectError(
            "let c = [1].publisher.buffer(size: 0, prefetch: .keepFull, whenFull: .dropOldest).sink { _ in }",
            contains: "would request no values")
        expectError("let c = [1].publisher.retry(-1).sink { _ in }", contains: "retry's count must not be negative")
        // Found by the fuzzer: OpenCombine removes from an empty buffer and stops the program.
        expectError(
            "let s = PassthroughSubject<Int, Never>()\nlet c = s.buffer(size: 0, prefetch: .byRequest, whenFull: .dropOldest).sink { _ in }\ns.send(1)",
            contains: "has no oldest value to drop")
        expectError(
            "let c = [1].publisher.buffer(size: -2, prefetch: .byRequest, whenFull: .dropNewest).sink { _ in }",
            contains: "buffer's size must not be negative")
    }

    @Test func assertNoFailureReportsTheFailure() {
        expectError(
            """
            enum Boom: Error { case now }
            let c = Fail<Int, Boom>(error: .now).assertNoFailure("loading: ").sink { _ in }
            """, contains: "assertNoFailure: loading: now")
    }

    @Test func recordingAfterCompletionIsRefused() {
        expectError(
            "let r = Record<Int, Never> { $0.receive(completion: .finished); $0.receive(1) }",
            contains: "cannot receive values after its completion")
    }

    @Test func scriptErrorsInOperatorClosuresStopTheScript() {
        expectError(
            "let c = [1, 2].publisher.reduce(0) { total, next in total + [next] }.sink { _ in }",
            contains: "cannot be applied")
    }
}
