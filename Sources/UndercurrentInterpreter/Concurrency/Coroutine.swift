import CUndercurrentSupport

/// A script body that can pause part-way and be resumed later, on the same thread.
///
/// The body runs on a stack of its own (a fiber, `fiber.c`). When it reaches a suspension
/// point it calls `suspend()`, and control returns to whoever called `resume()`, with every
/// native frame of the engine between the body's start and the suspension point kept as it
/// is on the fiber's stack. So the engine is written once, in ordinary direct style, and code
/// that never suspends pays nothing for the possibility. ARCHITECTURE.md ("Suspension") says
/// why this design was chosen over `async` closures, explicit heap frames and a CPS transform.
///
/// A coroutine belongs to one interpreter. The interpreter's call depth is the depth of the
/// body that is running: it is saved when a body pauses and put back when it resumes.
///
/// Ownership: a suspended coroutine holds references on its stack (its frames, and itself),
/// so it lives until it is resumed to its end. Whoever keeps suspended coroutines (a task
/// queue) must either resume them or `abandon()` them, which unwinds the body as an error
/// would: `defer` blocks run and locals are released.
public final class Coroutine {
    public enum State: Equatable {
        /// Made, not yet resumed.
        case created
        /// Between `resume()` and the next suspension or the end of the body.
        case running
        /// Paused at a suspension point.
        case suspended
        /// The body returned (or threw, or was abandoned and unwound).
        case finished
    }

    /// The default stack: as large as the one the interpreter itself runs on, so the same
    /// call-depth limit holds inside a coroutine. Only the pages a body touches are used.
    public static let defaultStackSize = 512 << 20

    public private(set) var state = State.created
    private let stackSize: Int
    private var fiber: OpaquePointer?
    private var body: (() -> Void)?
    private unowned let interpreter: Interpreter
    /// The body's call depth, `awaitCover` and `actorIsolation` while it is paused.
    private var savedCallDepth = 0
    private var savedAwaitCover = 0
    private var savedActorIsolation = ActorIsolationMark.none
    private var abandoning = false

    /// A coroutine that will run `body` the first time it is resumed.
    public init(interpreter: Interpreter, stackSize: Int = Coroutine.defaultStackSize, _ body: @escaping () -> Void) {
        self.interpreter = interpreter
        self.stackSize = stackSize
        self.body = body
    }

    deinit {
        // Reached only when the body never started or has finished: a suspended body's
        // stack holds a reference to its coroutine.
        if let fiber { uc_fiber_destroy(fiber) }
    }

    /// Runs the body until it suspends or ends, and says which.
    public func resume() throws -> State {
        switch state {
        case .running:
            throw ScriptError.runtime("a coroutine cannot resume itself")
        case .finished:
            throw ScriptError.runtime("this coroutine has already finished")
        case .created:
            let entry: @convention(c) (UnsafeMutableRawPointer?) -> Void = { argument in
                guard let argument else { return }
                // Unretained: the coroutine is kept alive by whoever resumes it, and a strong
                // reference here would stay on the fiber's stack after the body ends.
                let coroutine = Unmanaged<Coroutine>.fromOpaque(argument).takeUnretainedValue()
                let body = coroutine.body
                coroutine.body = nil
                body?()
            }
            guard let made = uc_fiber_create(stackSize, entry, Unmanaged.passUnretained(self).toOpaque()) else {
                throw ScriptError(.interrupted, "stopped: no memory for another suspendable body")
            }
            fiber = made
        case .suspended:
            break
        }
        let outerDepth = interpreter.callDepth
        let outerAwaitCover = interpreter.awaitCover
        let outerActorIsolation = interpreter.actorIsolation
        interpreter.callDepth = savedCallDepth
        interpreter.awaitCover = savedAwaitCover
        interpreter.actorIsolation = savedActorIsolation
        state = .running
        let ended = uc_fiber_resume(fiber)
        savedCallDepth = interpreter.callDepth
        savedAwaitCover = interpreter.awaitCover
        savedActorIsolation = interpreter.actorIsolation
        interpreter.callDepth = outerDepth
        interpreter.awaitCover = outerAwaitCover
        interpreter.actorIsolation = outerActorIsolation
        state = ended == 1 ? .finished : .suspended
        if state == .finished, let fiber {
            uc_fiber_destroy(fiber)
            self.fiber = nil
        }
        return state
    }

    /// From inside the body: pauses it until the next `resume()`. Throws `Abandoned` when it
    /// was resumed by `abandon()`, so that the body unwinds.
    public func suspend() throws {
        // A `defer` block that waits while the body unwinds cannot: it would stay suspended.
        if abandoning { throw Abandoned() }
        guard state == .running, let fiber, uc_fiber_is_running(fiber) != 0 else {
            throw ScriptError.runtime("only a running coroutine can suspend")
        }
        uc_fiber_suspend(fiber)
        if abandoning { throw Abandoned() }
    }

    /// Ends a suspended body without finishing its work: its suspension point throws
    /// `Abandoned`, which unwinds it like any error (running its `defer` blocks). Returns
    /// whether the body ended; a body that catches `Abandoned` and suspends again stays
    /// suspended.
    @discardableResult
    public func abandon() throws -> Bool {
        guard state == .suspended else { return state == .finished }
        abandoning = true
        defer { abandoning = false }
        return try resume() == .finished
    }

    /// Thrown at a suspension point of an abandoned body.
    public struct Abandoned: Error {}
}
