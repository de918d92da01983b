import Foundation

/// Evaluation recurses on the native stack. Threads other than the main one can have
/// small stacks (Swift concurrency's are 512 KB), so scripts run on a thread of their own
/// with room for the interpreter's depth limit.
public enum LargeStack {
    public static let size = 512 << 20

    /// Runs `body` on a large-stack thread and waits for its result.
    public static func run<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    /// The result crosses from the worker thread once, after the semaphore orders it.
    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}
