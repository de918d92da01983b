import Foundation
import Testing
import UndercurrentLessons

/// Ctrl-C typed on a real terminal (a tmux pane) while an input runs brings the prompt
/// back with earlier declarations intact. The bound here is generous so the test is not
/// flaky on a busy machine; `undercurrent bench --only startup` measures the latency.
@Suite(.serialized) struct InterruptionTests {
    static let binary = TestPaths.repository.appendingPathComponent(".build/debug/undercurrent").path
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: binary) && Tmux.exists
    }

    @Test(.enabled(if: InterruptionTests.available, "needs tmux and .build/debug/undercurrent"))
    func ctrlCStopsAnEndlessLoopAndKeepsDeclarations() throws {
        let pane = try Tmux(command: Self.binary)
        defer { pane.close() }
        try #require(pane.waitForPrompts(1, timeout: 20), "no prompt: \(pane.screen())")
        pane.type("let kept = 41")
        try #require(pane.waitForPrompts(2, timeout: 10))

        pane.type("while true {}")
        Thread.sleep(forTimeInterval: 0.5)
        let pressed = Date()
        pane.press("C-c")
        let back = pane.waitForPrompts(3, timeout: 2)
        let latency = Date().timeIntervalSince(pressed)
        #expect(back, "the prompt did not come back within 2 s of Ctrl-C: \(pane.screen())")
        print("interruption: prompt back \(Int(latency * 1000)) ms after Ctrl-C (debug build, tmux polling)")
        #expect(pane.screen().contains("Ctrl-C stopped this input"))

        pane.type("print(kept + 1)")
        #expect(pane.waitFor(text: "\n42", timeout: 10), "declarations lost: \(pane.screen())")
    }

    /// A task that never ends, awaited at the prompt: Ctrl-C stops it (it runs on a stack of
    /// its own), and the session goes on with its declarations.
    @Test(.enabled(if: InterruptionTests.available, "needs tmux and .build/debug/undercurrent"))
    func ctrlCStopsATaskThatNeverEnds() throws {
        let pane = try Tmux(command: Self.binary)
        defer { pane.close() }
        try #require(pane.waitForPrompts(1, timeout: 20), "no prompt: \(pane.screen())")
        // Untraced: the trace of half a second of a spinning task is tens of thousands of
        // events, whose rendering is not what this test times.
        pane.type(":trace off")
        try #require(pane.waitForPrompts(2, timeout: 10))
        pane.type("let kept = 41")
        try #require(pane.waitForPrompts(3, timeout: 10))
        pane.type("let spin = Task { while true { await Task.yield() } }; await spin.value")
        Thread.sleep(forTimeInterval: 0.5)
        pane.press("C-c")
        #expect(pane.waitForPrompts(4, timeout: 2), "the prompt did not come back: \(pane.screen())")
        #expect(pane.screen().contains("Ctrl-C stopped this input"), "got: \(pane.screen())")
        pane.type("print(kept + 1)")
        #expect(pane.waitFor(text: "\n42", timeout: 10), "declarations lost: \(pane.screen())")
    }

    /// A loop inside the standard library (no script loop to tick) stops as promptly.
    @Test(.enabled(if: InterruptionTests.available, "needs tmux and .build/debug/undercurrent"))
    func ctrlCStopsANativeLoopOverAHugeRange() throws {
        let pane = try Tmux(command: Self.binary)
        defer { pane.close() }
        try #require(pane.waitForPrompts(1, timeout: 20), "no prompt: \(pane.screen())")
        pane.type("print((0..<Int.max).contains { $0 < 0 })")
        Thread.sleep(forTimeInterval: 0.5)
        pane.press("C-c")
        #expect(pane.waitForPrompts(2, timeout: 2), "the prompt did not come back: \(pane.screen())")
        #expect(pane.screen().contains("interrupted: Ctrl-C stopped this input"), "got: \(pane.screen())")
        pane.type("print((0..<Int.max).max()!)")
        Thread.sleep(forTimeInterval: 0.5)
        pane.press("C-c")
        #expect(pane.waitForPrompts(3, timeout: 2), "the prompt did not come back: \(pane.screen())")
        pane.type("print(1 + 1)")
        #expect(pane.waitFor(text: "\n2", timeout: 10))
    }

    /// `:check` runs the learner's code in a run of its own; Ctrl-C stops that too, and the
    /// lesson goes on.
    @Test(.enabled(if: InterruptionTests.available, "needs tmux and .build/debug/undercurrent"))
    func ctrlCStopsALongCheck() throws {
        let lessons = TestPaths.repository.appendingPathComponent("lessons")
        let lesson = try #require(LessonLibrary(directory: lessons).entry(number: 1)?.lesson)
        let step = try #require(lesson.steps.firstIndex { $0.exercise != nil }) + 1
        let data = NSTemporaryDirectory() + "uc-data-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let pane = try Tmux(command: "env UNDERCURRENT_LESSONS=\(lessons.path) XDG_DATA_HOME=\(data) \(Self.binary)")
        defer { pane.close() }
        try #require(pane.waitForPrompts(1, timeout: 20), "no prompt: \(pane.screen())")
        pane.type(":lesson 1")
        pane.type(":step \(step)")
        // The learner's subscriber spins as soon as it is subscribed: only the check runs it.
        pane.type(
            "final class Shouter: Subscriber { typealias Input = String; typealias Failure = Never; "
                + "func receive(subscription: Subscription) { while true {} }; "
                + "func receive(_ input: String) -> Subscribers.Demand { .none }; "
                + "func receive(completion: Subscribers.Completion<Never>) {} }")
        let before = pane.screen().components(separatedBy: "undercurrent>").count
        pane.type(":check")
        Thread.sleep(forTimeInterval: 1)
        pane.press("C-c")
        #expect(
            pane.waitFor(timeout: 3) { $0.components(separatedBy: "undercurrent>").count > before },
            "the prompt did not come back: \(pane.screen())")
        #expect(pane.screen().contains("Ctrl-C stopped the check; nothing was judged"), "got: \(pane.screen())")
        pane.type("print(40 + 2)")
        #expect(pane.waitFor(text: "\n42", timeout: 10))
    }

    /// A `description` that never ends, run to write an error message: Ctrl-C stops it once.
    /// Before, the message was tried a second time and the `description` ran again.
    @Test(.enabled(if: InterruptionTests.available, "needs tmux and .build/debug/undercurrent"))
    func ctrlCStopsADescriptionRunForAnErrorMessage() throws {
        let pane = try Tmux(command: Self.binary)
        defer { pane.close() }
        try #require(pane.waitForPrompts(1, timeout: 20), "no prompt: \(pane.screen())")
        pane.type(
            "struct Spin: Hashable, CustomStringConvertible { var description: String { "
                + "print(\"describing\"); var i = 0; while true { i += 1 }; return \"\" } }")
        try #require(pane.waitForPrompts(2, timeout: 10))
        pane.type("let d = Dictionary(uniqueKeysWithValues: [(Spin(), 1), (Spin(), 2)])")
        Thread.sleep(forTimeInterval: 0.5)
        pane.press("C-c")
        #expect(pane.waitForPrompts(3, timeout: 2), "the prompt did not come back: \(pane.screen())")
        #expect(pane.screen().contains("Duplicate values for key: '<value>'"), "got: \(pane.screen())")
        // Its output may follow the `^C` the terminal echoed, on one line.
        #expect(
            pane.screen().split(separator: "\n").filter { $0.hasSuffix("describing") }.count == 1,
            "the description ran again after Ctrl-C: \(pane.screen())")
        pane.type("print(1 + 1)")
        #expect(pane.waitFor(text: "\n2", timeout: 10))
    }

    @Test(.enabled(if: InterruptionTests.available, "needs tmux and .build/debug/undercurrent"))
    func ctrlCStopsAnEndlessPublisher() throws {
        let pane = try Tmux(command: Self.binary)
        defer { pane.close() }
        try #require(pane.waitForPrompts(1, timeout: 20), "no prompt: \(pane.screen())")
        pane.type("import Combine")
        try #require(pane.waitForPrompts(2, timeout: 10))
        pane.type(":trace off")
        try #require(pane.waitForPrompts(3, timeout: 10))
        pane.type("let c = (1...).publisher.sink { _ in }")
        Thread.sleep(forTimeInterval: 0.5)
        pane.press("C-c")
        #expect(pane.waitForPrompts(4, timeout: 2), "the prompt did not come back: \(pane.screen())")
        // Said, not silent: the engine noticed Ctrl-C between two step checks.
        #expect(pane.screen().contains("interrupted: Ctrl-C stopped this input"), "got: \(pane.screen())")
        pane.type("print(1 + 1)")
        #expect(pane.waitFor(text: "\n2", timeout: 10))
    }
}

/// A tmux session running one command in a 120×40 pane, on a tmux server of its own (its
/// own socket, `-S`, in the pane's own directory): on the shared default server, a session started just as the previous
/// test's session ended could reach a server on its way out, and never start (a CI run
/// waited 20 s for a first prompt on an empty pane).
struct Tmux {
    let name: String

    static var exists: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The pane's directory: the program's state, and the tmux server's socket.
    private let directory: String

    init(command: String) throws {
        name = "uc-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let state = NSTemporaryDirectory() + name
        directory = state
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        // The tmux server this starts outlives the command and would inherit a pipe for
        // its output: reading that pipe to its end would never finish.
        tmux(
            [
                "new-session", "-d", "-s", name, "-x", "120", "-y", "40",
                "env XDG_STATE_HOME=\(state) NO_COLOR=1 TERM=xterm \(command)",
            ], capturesOutput: false)
    }

    /// Runs tmux on this pane's own server.
    @discardableResult
    private func tmux(_ arguments: [String], capturesOutput: Bool = true) -> String {
        Self.run(["-S", directory + "/tmux.socket"] + arguments, capturesOutput: capturesOutput)
    }

    /// Runs tmux with posix_spawn and waits for it. Foundation's Process would wait for
    /// ever: the tmux server started by `new-session` keeps the descriptors it inherits.
    @discardableResult
    static func run(_ arguments: [String], capturesOutput: Bool = true) -> String {
        let file =
            capturesOutput
            ? FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
            : "/dev/null"
        defer { if capturesOutput { unlink(file) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/env", "tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return capturesOutput ? ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "") : ""
    }

    func screen() -> String { tmux(["capture-pane", "-p", "-t", name]) }

    func type(_ text: String) {
        tmux(["send-keys", "-t", name, "-l", text])
        tmux(["send-keys", "-t", name, "Enter"])
    }

    func press(_ key: String) { tmux(["send-keys", "-t", name, key]) }

    func waitFor(timeout: Double, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screen()) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(screen())
    }

    func waitForPrompts(_ count: Int, timeout: Double) -> Bool {
        waitFor(timeout: timeout) { $0.components(separatedBy: "undercurrent>").count - 1 >= count }
    }

    func waitFor(text: String, timeout: Double) -> Bool {
        waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// Ends the program in the pane too: one still running an endless loop may outlive its
    /// session and keep a core busy.
    func close() {
        let pid = tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if let pid = Int32(pid), pid > 0 { kill(pid, SIGKILL) }
        tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }
}
