import Testing

/// Script objects live exactly as long as Swift's ARC says: `deinit` runs when the last
/// reference goes, unstored sinks cancel at once, `[weak self]` does not retain.
@Suite struct LifetimeTests {
    @Test func deinitRunsWhenTheLastReferenceGoes() {
        let result = runScript(
            """
            final class Tracked {
                let name: String
                init(_ name: String) { self.name = name }
                deinit { print("deinit", name) }
            }
            var a: Tracked? = Tracked("a")
            let b = a
            a = nil
            print("a released, b still holds it")
            do {
                let c = Tracked("c")
                print("in scope", c.name)
            }
            print("after scope")
            """)
        #expect(result.error == nil)
        #expect(result.output == "a released, b still holds it\nin scope c\ndeinit c\nafter scope\n")
    }

    /// `let _ = value`, at the top level as in a function, keeps nothing: as `_ = value`.
    @Test func letUnderscoreReleasesAtOnce() {
        let result = runScript(
            """
            import Combine
            final class Tracked { deinit { print("deinit") } }
            let _ = Tracked()
            print("after the top-level let _")
            func inside() {
                let _ = Tracked()
                print("after the local let _")
            }
            inside()
            let clock = PassthroughSubject<String, Never>()
            let _ = clock.sink { print("tick", $0) }
            clock.send("never heard")
            """)
        #expect(result.error == nil)
        #expect(result.output == "deinit\nafter the top-level let _\ndeinit\nafter the local let _\n")
    }

    @Test func weakSelfInAClosureDoesNotKeepTheObject() {
        let result = runScript(
            """
            final class Owner {
                var handler: (() -> Void)?
                init() { handler = { [weak self] in print("self is", self == nil ? "gone" : "here") } }
                deinit { print("owner deinit") }
            }
            var owner: Owner? = Owner()
            let handler = owner!.handler!
            handler()
            owner = nil
            handler()
            """)
        #expect(result.error == nil)
        #expect(result.output == "self is here\nowner deinit\nself is gone\n")
    }

    @Test func closuresCaptureOnlyTheVariablesTheyUse() {
        let result = runScript(
            """
            final class Big { deinit { print("big deinit") } }
            var keep: (() -> Int)?
            do {
                let big = Big()
                let n = 7
                keep = { n }
                _ = big
            }
            print("closure still alive:", keep!())
            """)
        #expect(result.output == "big deinit\nclosure still alive: 7\n")
    }

    @Test func unstoredSinkIsCancelledAtOnce() {
        let result = runScript(
            """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            _ = subject.sink { print("never", $0) }
            let kept = subject.sink { print("kept", $0) }
            subject.send(1)
            """)
        #expect(result.output == "kept 1\n")
    }
}
