import OpenCombine
import Testing
import UndercurrentInterpreter

@testable import UndercurrentStreams

/// Spelling a publisher's type asks of each value it meets whether it is a publisher, or an
/// adapter to see through, and keeps the answer by the value's type. A cast answers for what
/// an Optional holds, so an Optional's answer must not be kept.
@Suite struct PublisherTypeTraitsTests {
    @Test func anAnswerIsTheCastsForEveryValueOfAType() {
        let traits = PublisherTypeTraits()
        for _ in 0..<2 {
            #expect(traits.publisher(Just(1)) != nil)
            #expect(traits.publisher(PassthroughSubject<Int, Never>()) != nil)
            #expect(traits.publisher(1) == nil)
            #expect(traits.publisher("upstream") == nil)
        }
    }

    @Test func anOptionalIsAnsweredByWhatItHolds() {
        let traits = PublisherTypeTraits()
        let some: Just<Int>? = Just(1)
        let none: Just<Int>? = nil
        for value in [some, none, some, none] {
            #expect((traits.publisher(value as Any) != nil) == (value as Any is any Publisher))
        }
        #expect(traits.publisher(none as Any) == nil)
        #expect(traits.publisher(some as Any) != nil)
    }
}
