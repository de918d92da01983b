import Foundation

/// Runs `body` on a thread with a 512 MB stack and waits for it; `body` ends the process.
func runOnLargeStack(_ body: @escaping @Sendable () -> Void) -> Never {
    let thread = Thread {
        body()
        exit(0)
    }
    thread.stackSize = 512 << 20
    thread.start()
    while true { sleep(60) }
}
