import Testing

@testable import UndercurrentTrace

/// The tracer's stack of calls in progress keeps the frames of ended calls and writes new
/// ones over them: what a call shows must be its own, never a field of an earlier call.
@Suite struct CallStackTests {
    private let subscription = TraceName(index: 7)
    private let subscriber = TraceName(index: 2)

    @Test func endedCallsLeaveTheStackAsBefore() {
        let stack = CallStack()
        stack.push(.request, position: 10, sequence: 1) {
            $0.subscription = subscription
            $0.demandBefore = .count(3)
        }
        stack.push(.receiveValue, position: 11, sequence: 2) { $0.subscriber = subscriber }
        stack.push(.receiveValue, position: nil, sequence: 2) { $0.transparent = true }
        #expect(stack.recordedDepth == 2, "a transparent call is not counted")
        #expect(stack.requestsInProgress(on: subscription) == 1)
        #expect(stack.innermostRequest(on: subscription) == 0)

        let transparent = stack.pop { ($0.transparent, $0.position) }
        #expect(transparent?.0 == true)
        #expect(transparent?.1 == nil)
        let value = stack.pop { ($0.kind, $0.position, $0.subscriber) }
        #expect(value?.0 == .receiveValue)
        #expect(value?.1 == 11)
        #expect(value?.2 == subscriber)
        #expect(stack.recordedDepth == 1)
        #expect(stack.innermost { $0.kind == .request }?.position == 10)

        let request = stack.pop()
        #expect(request?.demandBefore == .count(3))
        #expect(stack.isEmpty)
        #expect(stack.requestsInProgress(on: subscription) == 0)
        #expect(stack.recordedDepth == 0)
        #expect(stack.pop() == nil)
        #expect(stack.pop { _ in true } == nil)
    }

    @Test func aCallTakingAnEndedCallsPlaceKeepsNothingOfIt() {
        let stack = CallStack()
        stack.push(.request, position: 10, sequence: 1) {
            $0.subscriber = subscriber
            $0.subscriberID = nil
            $0.subscription = subscription
            $0.demandBefore = .unlimited
            $0.previousSubscription = subscription
            $0.buffer = (capacity: 4, drops: .oldest)
            $0.transparent = true
        }
        _ = stack.pop()
        stack.push(.cancel, position: 12, sequence: 5)
        #expect(stack.rootID != nil)
        #expect(stack.recordedDepth == 1)
        #expect(stack.requestsInProgress(on: subscription) == 0)
        let cancel = stack.pop()
        #expect(cancel?.kind == .cancel)
        #expect(cancel?.position == 12)
        #expect(cancel?.sequence == 5)
        #expect(cancel?.subscriber == nil)
        #expect(cancel?.subscription == nil)
        #expect(cancel?.demandBefore == nil)
        #expect(cancel?.previousSubscription == nil)
        #expect(cancel?.buffer == nil)
        #expect(cancel?.transparent == false)
        // Each call has an id of its own, even in a reused place.
        stack.push(.cancel, position: nil, sequence: 6)
        let first = stack.rootID
        _ = stack.pop()
        stack.push(.cancel, position: nil, sequence: 7)
        #expect(stack.rootID != first)
    }
}
