extension Interpreter {
    /// Stops endless recursion before it exhausts the native stack: every way into script
    /// code (functions, closures, initializers, accessors) counts one level.
    @inline(__always)
    func checkCallDepth(at location: SourceLocation) throws {
        if callDepth > limits.maxCallDepth {
            throw ScriptError(
                .interrupted,
                "stopped: calls nested more than \(limits.maxCallDepth) deep (endless recursion?)",
                at: location)
        }
    }
}

extension ScriptError {
    /// The learner pressed Ctrl-C: what ran is not to be judged.
    public var isCtrlC: Bool { kind == .interrupted && message == Interpreter.ctrlCMessage }
}

extension ScriptError {
    /// The error of `checkCallDepth`: calls, or subscriptions, nested past the limit.
    public var isNestingLimit: Bool {
        kind == .interrupted
            && (message.hasPrefix("stopped: calls nested more than")
                || message.hasPrefix("stopped: subscriptions nested more than"))
    }
}

extension Interpreter {
    /// Stops a string or array from growing past `limits.maxCollectionSize` (elements, or
    /// UTF-8 bytes for a string) before the machine runs out of memory.
    func checkSize(_ count: Int, _ what: String, at location: SourceLocation) throws {
        if count > limits.maxCollectionSize {
            throw ScriptError(
                .interrupted,
                "stopped: \(what) would grow past \(limits.maxCollectionSize) \(what == "a string" ? "bytes" : "elements") (a value doubling in a loop?)",
                at: location)
        }
    }
}

extension Interpreter {
    /// For engine loops that may never enter script code (`Fail(...).retry(.max)`
    /// resubscribing from inside the failure): counts evaluation steps and one level of
    /// nesting, and runs `body` unless the step budget, the depth limit or Ctrl-C says
    /// stop - then the error is recorded as pending for the interpreter to report.
    ///
    /// `tooDeep` says what nested, for the message when the depth limit is reached.
    public func engineNestedStep(tooDeep: (() -> String)? = nil, _ body: () -> Void) {
        callDepth += 1
        defer { callDepth -= 1 }
        do {
            // A resubscription costs about as much as 64 evaluation steps (measured in a
            // debug build: ~50 µs against ~0.7 µs), so it counts as that many.
            steps &+= 64
            try checkInterrupt(.unknown)
            if callDepth > limits.maxCallDepth {
                throw ScriptError(
                    .interrupted,
                    "stopped: subscriptions nested more than \(limits.maxCallDepth) deep "
                        + (tooDeep?() ?? "(a publisher that fails at once, retried many times?)"))
            }
        } catch {
            recordPendingError(error)
            return
        }
        body()
    }
}

extension Interpreter {
    /// For native iteration that runs no script code between elements (a range publisher's
    /// elements copied into an array by a fused operator): counts one step and checks
    /// Ctrl-C. False, with the error recorded as pending, when the iteration should stop.
    public func countIterationStep() -> Bool {
        steps &+= 1
        if steps & 0x3FF == 0 {
            do {
                try checkInterrupt(.unknown)
            } catch {
                recordPendingError(error)
            }
        }
        return !isAborting
    }
}

extension Interpreter {
    /// Releases an object's fields one at a time instead of recursively: freeing the head
    /// of a linked list of a million script objects would otherwise nest a million Swift
    /// `deinit`s and overflow the stack. The fields are moved out (so the queue holds the
    /// only references) and released depth-first, the order Swift's own release has.
    func releaseIteratively(_ fields: inout [Value]) {
        guard !fields.isEmpty else { return }
        releaseQueue.append(contentsOf: fields.reversed())
        fields = []
        guard !isReleasing else { return }
        isReleasing = true
        defer { isReleasing = false }
        while let value = releaseQueue.popLast() {
            _ = consume value
        }
    }
}
