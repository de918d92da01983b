import OpenCombine
import UndercurrentStreams

/// The protocol calls in progress while a trace is recorded, innermost last. The contract
/// checker reads it to tell synchronous from asynchronous delivery and to measure
/// re-entrancy; the tracer reads it to attach what a call returned to its event.
///
/// A class the tracer holds in a constant, so that asking it something or handing it to
/// the checker lends it: a struct in the tracer's variable was copied for each such use,
/// retaining and releasing both its arrays, several times a traced value.
final class CallStack {
    struct Frame {
        /// Unique per call; the outermost frame's id names "one call stack".
        let id: Int
        let kind: TraceEvent.Kind
        /// Absolute position of the call's event (dropped events included), or nil.
        let position: Int?
        let sequence: Int
        var subscriber: TraceName?
        var subscriberID: CombineIdentifier?
        var subscription: TraceName?
        /// For `receive(subscriber:)`: the publisher's trace name.
        var publisher: TraceName?
        /// For `receive(subscriber:)` on a `buffer`: its size and what it drops when full.
        var buffer: (capacity: Int, drops: BufferDrop)?
        /// A call an adapter forwarded unchanged to the same subscriber (a stageless
        /// adapter shares its downstream's identity): not recorded a second time.
        var transparent = false
        /// For values: the subscription's outstanding demand before the value, when the
        /// receiver is the subscription's direct subscriber.
        var demandBefore: DemandCount?
        /// For `receive(subscription:)`: the subscription the subscriber already had.
        var previousSubscription: TraceName?
    }

    /// The frames of the calls in progress are the first `count`; those beyond are frames of
    /// calls that ended, kept so that a push writes over one in place. A frame is over a
    /// hundred bytes: an array that grew and shrank by one on every call copied each frame
    /// out when it ended, and again to hand it over, twice per traced value.
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private(set) var count = 0
    /// For each subscription with `request(_:)` calls in progress, their frames' indices,
    /// innermost last: asked on every signal, so it must not cost a walk of the stack. A
    /// short list searched in order rather than a dictionary: only the subscriptions of one
    /// chain of calls are in it, and hashing a name on every value delivered inside a
    /// `request(_:)` cost more than comparing it with each of them.
    @exclusivity(unchecked) private var requestFrames: [(subscription: TraceName, frames: [Int])] = []
    @exclusivity(unchecked) private var nextID = 0
    /// Calls in progress that were recorded (transparent ones are not).
    @exclusivity(unchecked) private(set) var recordedDepth = 0
    /// Counts the `request(_:)` calls begun and ended: the subscription a value comes from
    /// depends on them (`ContractChecker`'s last delivery).
    @exclusivity(unchecked) private(set) var requestChangeCount = 0

    // The frames' fields are read where they are: a copy of a whole frame, on every traced
    // call, cost more than the few fields read from it.

    /// The id of the outermost call in progress: calls made while it is open share a stack.
    var rootID: Int? { count == 0 ? nil : frames[0].id }
    var isEmpty: Bool { count == 0 }

    func push(
        _ kind: TraceEvent.Kind, position: Int?, sequence: Int,
        configure: (inout Frame) -> Void = { _ in }
    ) {
        nextID += 1
        let frame = Frame(id: nextID, kind: kind, position: position, sequence: sequence)
        if count < frames.count { frames[count] = frame } else { frames.append(frame) }
        configure(&frames[count])
        let index = count
        count += 1
        if !frames[index].transparent { recordedDepth += 1 }
        if kind == .request, let subscription = frames[index].subscription {
            requestChangeCount &+= 1
            if let entry = requestEntry(subscription) {
                requestFrames[entry].frames.append(index)
            } else {
                requestFrames.append((subscription, [index]))
            }
        }
    }

    /// Ends the innermost call and returns its frame; nil when no call is in progress.
    func pop() -> Frame? {
        pop { copy $0 }
    }

    /// Ends the innermost call, handing `read` its frame where it lies; nil, without calling
    /// `read`, when no call is in progress.
    func pop<Result>(_ read: (borrowing Frame) -> Result) -> Result? {
        guard count > 0 else { return nil }
        count -= 1
        let index = count
        if !frames[index].transparent { recordedDepth -= 1 }
        if frames[index].kind == .request, let subscription = frames[index].subscription,
            let entry = requestEntry(subscription)
        {
            requestChangeCount &+= 1
            requestFrames[entry].frames.removeLast()
            if requestFrames[entry].frames.isEmpty { requestFrames.remove(at: entry) }
        }
        return frames.withUnsafeBufferPointer { read($0[index]) }
    }

    /// The innermost call in progress that `isMatch` accepts.
    func innermost(where isMatch: (borrowing Frame) -> Bool) -> Frame? {
        frames.withUnsafeBufferPointer { frames in
            for index in (0..<count).reversed() where isMatch(frames[index]) { return frames[index] }
            return nil
        }
    }

    func removeAll() {
        frames.removeAll()
        count = 0
        requestFrames.removeAll()
        requestChangeCount &+= 1
        recordedDepth = 0
    }

    /// How many `request(_:)` calls on this subscription are in progress.
    func requestsInProgress(on subscription: TraceName) -> Int {
        guard let entry = requestEntry(subscription) else { return 0 }
        return requestFrames[entry].frames.count
    }

    /// The index in `frames` of the innermost `request(_:)` in progress on this subscription.
    func innermostRequest(on subscription: TraceName) -> Int? {
        guard let entry = requestEntry(subscription) else { return nil }
        return requestFrames[entry].frames.last
    }

    /// Where in `requestFrames` this subscription's entry is, the most recent first.
    private func requestEntry(_ subscription: TraceName) -> Int? {
        requestFrames.indices.reversed().first { requestFrames[$0].subscription == subscription }
    }

    var hasRequestsInProgress: Bool { !requestFrames.isEmpty }

    /// True when the innermost call is the same delivery to the same subscriber: an adapter
    /// forwarding it.
    func isForwarding(_ kind: TraceEvent.Kind, to subscriberID: CombineIdentifier, subscription: TraceName? = nil)
        -> Bool
    {
        guard count > 0 else { return false }
        let top = count - 1
        guard frames[top].kind == kind, frames[top].subscriberID == subscriberID else { return false }
        if kind == .receiveSubscription { return frames[top].subscription == subscription }
        return true
    }
}
